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

/** Sources, with each owner's slugs indexed. */
class SourceTable extends MemoryOwnedTable<SourceRecord> {
  readonly #slugs = new Map<string, Set<string>>();

  #slugsOf(ownerId: string): Set<string> {
    let slugs = this.#slugs.get(ownerId);
    if (!slugs) {
      slugs = new Set();
      this.#slugs.set(ownerId, slugs);
    }
    return slugs;
  }

  override async insert(record: SourceRecord): Promise<void> {
    await super.insert(record);
    this.#slugsOf(record.owner_id).add(record.name_slug);
  }

  override async replace(record: SourceRecord): Promise<boolean> {
    const before = this.rows.get(record.id)?.record;
    if (!(await super.replace(record)) || !before) return false;
    const slugs = this.#slugsOf(record.owner_id);
    slugs.delete(before.name_slug);
    slugs.add(record.name_slug);
    return true;
  }

  override async delete(id: string): Promise<SourceRecord | undefined> {
    const record = await super.delete(id);
    if (record) this.#slugs.get(record.owner_id)?.delete(record.name_slug);
    return record;
  }

  async slugTaken(ownerId: string, slug: string): Promise<boolean> {
    return this.#slugs.get(ownerId)?.has(slug) ?? false;
  }
}

/** Records findable by a composite key, and by the ids they name (to delete them with it). */
class KeyedTable<T extends { id: string; owner_id: string }> extends MemoryOwnedTable<T> {
  readonly #byKey = new Map<string, string>();
  readonly #byNamedId = new Map<string, Set<string>>();

  constructor(
    private readonly keyOf: (record: T) => string,
    private readonly namedIds: (record: T) => string[],
  ) {
    super();
  }

  override async insert(record: T): Promise<void> {
    await super.insert(record);
    this.#byKey.set(this.keyOf(record), record.id);
    for (const named of this.namedIds(record)) {
      let ids = this.#byNamedId.get(named);
      if (!ids) {
        ids = new Set();
        this.#byNamedId.set(named, ids);
      }
      ids.add(record.id);
    }
  }

  override async delete(id: string): Promise<T | undefined> {
    const record = await super.delete(id);
    if (record) {
      this.#byKey.delete(this.keyOf(record));
      for (const named of this.namedIds(record)) this.#byNamedId.get(named)?.delete(id);
    }
    return record;
  }

  protected findByKey(key: string): T | undefined {
    const id = this.#byKey.get(key);
    return id === undefined ? undefined : this.rows.get(id)?.record;
  }

  /** Deletes every record that names `id`. */
  async deleteTouching(id: string): Promise<number> {
    const doomed = [...(this.#byNamedId.get(id) ?? [])];
    for (const recordId of doomed) await this.delete(recordId);
    this.#byNamedId.delete(id);
    return doomed.length;
  }
}

class SubscriptionTable extends KeyedTable<SubscriptionRecord> {
  constructor() {
    super(
      (r) => JSON.stringify([r.owner_id, r.emitter_id, r.listener_id, r.event_name]),
      (r) => [r.emitter_id, r.listener_id],
    );
  }

  async find(ownerId: string, emitterId: string, listenerId: string, eventName: string) {
    return this.findByKey(JSON.stringify([ownerId, emitterId, listenerId, eventName]));
  }
}

class AutoSubscriptionTable extends KeyedTable<AutoSubscriptionRecord> {
  constructor() {
    super(
      (r) => JSON.stringify([r.owner_id, r.listener_id, r.event_name]),
      (r) => [r.listener_id],
    );
  }

  async find(ownerId: string, listenerId: string, eventName: string) {
    return this.findByKey(JSON.stringify([ownerId, listenerId, eventName]));
  }
}

function createTables() {
  const users = new Map<string, UserRecord>();
  const usersByKey = new Map<string, string>();
  const usersByName = new Map<string, string>();
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
        const id = usersByName.get(username);
        return id === undefined ? undefined : users.get(id);
      },
      async insert(user: UserRecord, apiKey: string) {
        users.set(user.id, user);
        usersByKey.set(apiKey, user.id);
        usersByName.set(user.username, user.id);
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
