import type {
  AutoSubscriptionRecord,
  ComponentRecord,
  EventRecord,
  SourceRecord,
  SubscriptionRecord,
  UserRecord,
  WebhookRecord,
  WorkspaceRecord,
} from "./records.js";

/** Page bounds as ids or cursors, already checked against the page size limits. */
export interface PageRequest {
  limit: number;
  after?: string;
  before?: string;
}

/** One page and the size of the whole list. */
export interface PageResult<T> {
  items: T[];
  total: number;
}

/** Records of one kind, each owned by a user or a workspace, listed oldest first per owner. */
export interface OwnedTable<T extends { id: string; owner_id: string }> {
  get(id: string): Promise<T | undefined>;
  insert(record: T): Promise<void>;
  /** Replaces a record in place; its place in lists does not change. False when it is gone. */
  replace(record: T): Promise<boolean>;
  delete(id: string): Promise<T | undefined>;
  /** A page of an owner's records, oldest first. Throws {@link UnknownCursorError} for a bad cursor. */
  page(ownerId: string, page: PageRequest): Promise<PageResult<T>>;
  /** Every record of an owner, oldest first. */
  all(ownerId: string): Promise<T[]>;
}

/** A cursor that names no position of the list it was used on. */
export class UnknownCursorError extends Error {
  constructor(readonly cursor: string) {
    super(`unknown cursor ${cursor}`);
  }
}

/** Inclusive event id bounds; an absent bound is open. */
export interface EventRange {
  startId?: string;
  endId?: string;
}

/**
 * Where the server keeps everything. Every method is async, so an implementation shared between
 * processes can stand in for the in-memory one without touching the handlers.
 */
export interface Store {
  users: {
    get(id: string): Promise<UserRecord | undefined>;
    byApiKey(apiKey: string): Promise<UserRecord | undefined>;
    byUsername(username: string): Promise<UserRecord | undefined>;
    insert(user: UserRecord, apiKey: string): Promise<void>;
    apiKeyTaken(apiKey: string): Promise<boolean>;
  };
  workspaces: {
    get(id: string): Promise<WorkspaceRecord | undefined>;
    insert(workspace: WorkspaceRecord): Promise<void>;
    forMember(userId: string): Promise<readonly WorkspaceRecord[]>;
    orgnameTaken(orgname: string): Promise<boolean>;
  };
  components: {
    get(id: string): Promise<ComponentRecord | undefined>;
    insert(component: ComponentRecord): Promise<void>;
    /** The newest component with this key among the given owners. */
    latestByKey(ownerIds: readonly string[], key: string): Promise<ComponentRecord | undefined>;
  };
  registry: {
    get(key: string): Promise<ComponentRecord | undefined>;
    publish(component: ComponentRecord): Promise<void>;
  };
  sources: OwnedTable<SourceRecord> & {
    slugTaken(ownerId: string, slug: string): Promise<boolean>;
  };
  webhooks: OwnedTable<WebhookRecord>;
  subscriptions: OwnedTable<SubscriptionRecord> & {
    find(
      ownerId: string,
      emitterId: string,
      listenerId: string,
      eventName: string,
    ): Promise<SubscriptionRecord | undefined>;
    /** Deletes every subscription whose emitter or listener is `id`. */
    deleteTouching(id: string): Promise<number>;
  };
  autoSubscriptions: OwnedTable<AutoSubscriptionRecord> & {
    find(ownerId: string, listenerId: string, eventName: string): Promise<AutoSubscriptionRecord | undefined>;
    /** Deletes every auto-subscription whose listener is `id`. */
    deleteTouching(id: string): Promise<number>;
  };
  events: {
    /** Appends events to a log, keeping the newest `keep`. */
    append(logId: string, events: EventRecord[], keep: number): Promise<void>;
    /** A page of a log, newest first; cursors are event ids. */
    page(logId: string, page: PageRequest): Promise<PageResult<EventRecord>>;
    deleteRange(logId: string, range: EventRange): Promise<number>;
    drop(logId: string): Promise<void>;
  };
  /** `$.service.db` contents per source. */
  db: {
    get(sourceId: string): Promise<Record<string, unknown>>;
    set(sourceId: string, data: Record<string, unknown>): Promise<void>;
    drop(sourceId: string): Promise<void>;
  };
  /** Forgets everything. */
  clear(): Promise<void>;
}
