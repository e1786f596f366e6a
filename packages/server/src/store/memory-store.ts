import { MemoryEventLogs } from "./memory-event-logs.js";
import { MemoryOwnedTable } from "./memory-owned-table.js";
import type {
  AutoSubscriptionRecord,
  ComponentRecord,
  SourceRecord,
  SubscriptionRecord,
  UserRecord,
  WebhookRecord,
  WorkspaceRecord,
} from "./records.js";
import type { Store } from "./store.js";

class SourceTable extends MemoryOwnedTable<SourceRecord> {
  async slugTaken(ownerId: string, slug: string): Promise<boolean> {
    for (const { record } of this.rows.values()) {
      if (record.owner_id === ownerId && record.name_slug === slug) return true;
    }
    return false;
  }
}

class SubscriptionTable extends MemoryOwnedTable<SubscriptionRecord> {
  async find(ownerId: string, emitterId: string, listenerId: string, eventName: string) {
    for (const { record } of this.rows.values()) {
      if (
        record.owner_id === ownerId &&
        record.emitter_id === emitterId &&
        record.listener_id === listenerId &&
        record.event_name === eventName
      ) {
        return record;
      }
    }
    return undefined;
  }

  async deleteTouching(id: string): Promise<number> {
    const doomed = [...this.rows.values()]
      .map((row) => row.record)
      .filter((record) => record.emitter_id === id || record.listener_id === id);
    for (const record of doomed) await this.delete(record.id);
    return doomed.length;
  }
}

class AutoSubscriptionTable extends MemoryOwnedTable<AutoSubscriptionRecord> {
  async find(ownerId: string, listenerId: string, eventName: string) {
    for (const { record } of this.rows.values()) {
      if (record.owner_id === ownerId && record.listener_id === listenerId && record.event_name === eventName) {
        return record;
      }
    }
    return undefined;
  }
}

function createTables() {
  const users = new Map<string, UserRecord>();
  const usersByKey = new Map<string, string>();
  const workspaces = new Map<string, WorkspaceRecord>();
  const workspacesByMember = new Map<string, WorkspaceRecord[]>();
  const components = new Map<string, ComponentRecord>();
  const registry = new Map<string, ComponentRecord>();
  const db = new Map<string, Record<string, unknown>>();

  return {
    users: {
      async get(id: string) {
        return users.get(id);
      },
      async byApiKey(apiKey: string) {
        const id = usersByKey.get(apiKey);
        return id === undefined ? undefined : users.get(id);
      },
      async byUsername(username: string) {
        for (const user of users.values()) if (user.username === username) return user;
        return undefined;
      },
      async insert(user: UserRecord, apiKey: string) {
        users.set(user.id, user);
        usersByKey.set(apiKey, user.id);
      },
      async apiKeyTaken(apiKey: string) {
        return usersByKey.has(apiKey);
      },
    },
    workspaces: {
      async get(id: string) {
        return workspaces.get(id);
      },
      async insert(workspace: WorkspaceRecord) {
        workspaces.set(workspace.id, workspace);
        for (const member of workspace.members) {
          workspacesByMember.set(member, [...(workspacesByMember.get(member) ?? []), workspace]);
        }
      },
      // Read on every authenticated request, so it is an index lookup, not a scan.
      async forMember(userId: string) {
        return workspacesByMember.get(userId) ?? [];
      },
      async orgnameTaken(orgname: string) {
        for (const workspace of workspaces.values()) if (workspace.orgname === orgname) return true;
        return false;
      },
    },
    components: {
      async get(id: string) {
        return components.get(id);
      },
      async insert(component: ComponentRecord) {
        components.set(component.id, component);
      },
      async latestByKey(ownerIds: readonly string[], key: string) {
        let latest: ComponentRecord | undefined;
        for (const component of components.values()) {
          if (component.key === key && ownerIds.includes(component.owner_id)) latest = component;
        }
        return latest;
      },
    },
    registry: {
      async get(key: string) {
        return registry.get(key);
      },
      async publish(component: ComponentRecord) {
        if (component.key === undefined) throw new Error("registry components need a key");
        components.set(component.id, component);
        registry.set(component.key, component);
      },
    },
    sources: new SourceTable(),
    webhooks: new MemoryOwnedTable<WebhookRecord>(),
    subscriptions: new SubscriptionTable(),
    autoSubscriptions: new AutoSubscriptionTable(),
    events: new MemoryEventLogs(),
    db: {
      async get(sourceId: string) {
        return structuredClone(db.get(sourceId) ?? {});
      },
      async set(sourceId: string, data: Record<string, unknown>) {
        db.set(sourceId, structuredClone(data));
      },
      async drop(sourceId: string) {
        db.delete(sourceId);
      },
    },
  };
}

/**
 * The in-memory {@link Store}: everything lives in this process and is gone when it stops.
 *
 * @example
 * const server = createServer({ store: new MemoryStore() });
 */
export class MemoryStore implements Store {
  users!: Store["users"];
  workspaces!: Store["workspaces"];
  components!: Store["components"];
  registry!: Store["registry"];
  sources!: Store["sources"];
  webhooks!: Store["webhooks"];
  subscriptions!: Store["subscriptions"];
  autoSubscriptions!: Store["autoSubscriptions"];
  events!: Store["events"];
  db!: Store["db"];

  constructor() {
    Object.assign(this, createTables());
  }

  async clear(): Promise<void> {
    Object.assign(this, createTables());
  }
}
