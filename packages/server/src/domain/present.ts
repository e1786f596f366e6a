import {
  type Component,
  EVENT_TRUNCATE_BYTES,
  type EventSummary,
  type Source,
  type Subscription,
  type Webhook,
  type Workspace,
} from "@tributary/api";
import type {
  ComponentRecord,
  EventRecord,
  SourceRecord,
  SubscriptionRecord,
  WebhookRecord,
  WorkspaceRecord,
} from "../store/records.js";

/** The wire form of a component. */
export function presentComponent(record: ComponentRecord): Component {
  return {
    id: record.id,
    code: record.code,
    code_hash: record.code_hash,
    name: record.name,
    version: record.version,
    configurable_props: record.configurable_props,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** The wire form of a source; `user_id` only where the spec shows it (create and update). */
export function presentSource(record: SourceRecord, withUser = false): Source {
  return {
    id: record.id,
    ...(withUser ? { user_id: record.user_id } : {}),
    component_id: record.component_id,
    configured_props: record.configured_props,
    active: record.active,
    created_at: record.created_at,
    updated_at: record.updated_at,
    name: record.name,
    name_slug: record.name_slug,
  };
}

/** The wire form of a webhook; `user_id` only in the create response. */
export function presentWebhook(record: WebhookRecord, withUser = false): Webhook {
  return {
    id: record.id,
    ...(withUser ? { user_id: record.user_id } : {}),
    name: record.name,
    description: record.description,
    url: record.url,
    active: record.active,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export function presentSubscription(record: SubscriptionRecord): Subscription {
  return {
    id: record.id,
    emitter_id: record.emitter_id,
    listener_id: record.listener_id,
    event_name: record.event_name,
  };
}

export function presentWorkspace(record: WorkspaceRecord): Workspace {
  return {
    id: record.id,
    orgname: record.orgname,
    name: record.name,
    email: record.email,
    daily_credits_quota: record.daily_credits_quota,
    daily_credits_used: record.daily_credits_used,
  };
}

/**
 * The wire form of an event. Event data whose JSON is over 1 KB is replaced by a marker with its
 * size and the start of its JSON, unless `expand` is set.
 */
export function presentEvent(record: EventRecord, expand: boolean): EventSummary {
  return {
    id: record.id,
    indexed_at_ms: record.indexed_at_ms,
    event: expand ? asObject(record.event) : truncated(record.event),
    metadata: record.metadata,
  };
}

function asObject(event: unknown): Record<string, unknown> {
  return event !== null && typeof event === "object" && !Array.isArray(event)
    ? (event as Record<string, unknown>)
    : { value: event };
}

function truncated(event: unknown): Record<string, unknown> {
  const json = JSON.stringify(event) ?? "null";
  const size = new TextEncoder().encode(json).length;
  if (size <= EVENT_TRUNCATE_BYTES) return asObject(event);
  return { $truncated: true, $size_bytes: size, $preview: json.slice(0, EVENT_TRUNCATE_BYTES) };
}
