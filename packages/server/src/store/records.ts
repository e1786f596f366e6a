import type { EventMetadata, PropDescriptor } from "@tributary/api";
import type { DedupeStrategy, HookName } from "@tributary/runtime";

/** A user of the service and its plan. */
export interface UserRecord {
  id: string;
  username: string;
  email: string;
  plan: "free" | "paid";
  created_at: number;
}

/** A workspace and the ids of its members. */
export interface WorkspaceRecord {
  id: string;
  orgname: string;
  name: string;
  email: string;
  daily_credits_quota: number;
  daily_credits_used: number;
  members: string[];
  created_at: number;
}

/** A saved component with what running it needs. `owner_id` is a user, a workspace or `registry`. */
export interface ComponentRecord {
  id: string;
  owner_id: string;
  key: string | undefined;
  code: string;
  code_hash: string;
  compiled: string;
  name: string;
  version: string;
  type: string | undefined;
  dedupe: DedupeStrategy | undefined;
  hooks: HookName[];
  configurable_props: PropDescriptor[];
  component_url: string | undefined;
  created_at: number;
  updated_at: number;
}

/** A deployed component. `owner_id` is the user or workspace that owns it. */
export interface SourceRecord {
  id: string;
  owner_id: string;
  user_id: string;
  component_id: string;
  configured_props: Record<string, unknown>;
  active: boolean;
  name: string;
  name_slug: string;
  created_at: number;
  updated_at: number;
}

/** A webhook of a user. */
export interface WebhookRecord {
  id: string;
  owner_id: string;
  user_id: string;
  name: string | null;
  description: string | null;
  url: string;
  active: boolean;
  created_at: number;
  updated_at: number;
}

/** A route from an emitter to a listener on one channel. */
export interface SubscriptionRecord {
  id: string;
  owner_id: string;
  emitter_id: string;
  listener_id: string;
  event_name: string;
  created_at: number;
}

/** A listener to attach to the `$errors` or `$logs` of emitters created later. */
export interface AutoSubscriptionRecord {
  id: string;
  owner_id: string;
  listener_id: string;
  event_name: "$errors" | "$logs";
  created_at: number;
}

/** One event in an emitter's log. */
export interface EventRecord {
  id: string;
  indexed_at_ms: number;
  event: unknown;
  metadata: EventMetadata;
  summary?: string;
}
