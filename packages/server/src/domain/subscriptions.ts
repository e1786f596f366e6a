import type { CreateAutoSubscriptionQuery, CreateSubscriptionQuery, DeleteSubscriptionQuery } from "@tributary/api";
import { ApiError } from "../errors.js";
import { nowSeconds, type Services } from "../services.js";
import type { AutoSubscriptionRecord, SourceRecord, SubscriptionRecord } from "../store/records.js";
import { type Actor, memberWorkspace, ownerFor } from "./access.js";
import { visibleSource } from "./sources.js";
import { visibleWebhook } from "./webhooks.js";

/**
 * Checks that an emitter exists and is the actor's. Workflows are not managed through the API,
 * so a well-formed `p_` id is taken as it is, as are the globs.
 */
async function checkEmitter(services: Services, actor: Actor, emitterId: string, eventName: string): Promise<void> {
  if (emitterId.startsWith("dc_") && emitterId !== "dc_*") await visibleSource(services, actor, emitterId);
  if (emitterId.startsWith("o_")) {
    await memberWorkspace(services, actor, emitterId);
    if (eventName !== "$errors") {
      throw new ApiError(
        "invalid_request",
        "A workspace emits only its error stream: use event_name=$errors with a workspace emitter_id.",
        "event_name",
      );
    }
  }
}

/**
 * A workspace's subscriptions are visible to all its members, so they may name only the
 * workspace's own sources, never a member's personal ones.
 */
async function checkWorkspaceSources(services: Services, workspaceId: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    if (!id.startsWith("dc_") || id === "dc_*") continue;
    const source = await services.store.sources.get(id);
    if (source && source.owner_id !== workspaceId) {
      throw new ApiError(
        "invalid_request",
        `Source ${id} is not a source of workspace ${workspaceId}; a workspace's subscriptions may name only its own sources.`,
        id === ids[0] ? "emitter_id" : "listener_id",
      );
    }
  }
}

async function checkListener(services: Services, actor: Actor, listenerId: string): Promise<void> {
  if (listenerId.startsWith("dc_")) await visibleSource(services, actor, listenerId);
  if (listenerId.startsWith("wh_")) await visibleWebhook(services, actor, listenerId);
}

/** POST /subscriptions: idempotent; the same emitter, listener and channel answer the same subscription. */
export async function createSubscription(
  services: Services,
  actor: Actor,
  query: CreateSubscriptionQuery,
): Promise<SubscriptionRecord> {
  const eventName = query.event_name ?? "";
  await checkEmitter(services, actor, query.emitter_id, eventName);
  await checkListener(services, actor, query.listener_id);
  const ownerId =
    query.emitter_id.startsWith("o_") && !query.org_id && !query.workspace_id
      ? query.emitter_id
      : await ownerFor(services, actor, query);
  if (ownerId.startsWith("o_")) await checkWorkspaceSources(services, ownerId, [query.emitter_id, query.listener_id]);
  return findOrInsert(
    services,
    ownerId,
    () => services.store.subscriptions.find(ownerId, query.emitter_id, query.listener_id, eventName),
    async (record) => {
      const subscription = {
        ...record,
        emitter_id: query.emitter_id,
        listener_id: query.listener_id,
        event_name: eventName,
      };
      await services.store.subscriptions.insert(subscription);
      return subscription;
    },
  );
}

/**
 * The existing record, or a new one (given its id, owner and time) once inserted: under the
 * owner's lock, so concurrent identical requests share one record.
 */
function findOrInsert<T>(
  services: Services,
  ownerId: string,
  find: () => Promise<T | undefined>,
  insert: (base: { id: string; owner_id: string; created_at: number }) => Promise<T>,
): Promise<T> {
  return services.locks.run(`subscriptions:${ownerId}`, async () => {
    const existing = await find();
    if (existing) return existing;
    return insert({ id: services.newId("subscription"), owner_id: ownerId, created_at: nowSeconds(services) });
  });
}

/** DELETE /subscriptions: removes the matching subscription of the actor or its workspaces. */
export async function deleteSubscription(
  services: Services,
  actor: Actor,
  query: DeleteSubscriptionQuery,
): Promise<void> {
  const eventName = query.event_name ?? "";
  for (const owner of actor.owners) {
    const found = await services.store.subscriptions.find(owner, query.emitter_id, query.listener_id, eventName);
    if (found) {
      await services.store.subscriptions.delete(found.id);
      return;
    }
  }
  throw new ApiError(
    "not_found",
    `No subscription from ${query.emitter_id} to ${query.listener_id} on channel ${JSON.stringify(eventName)} was found in this account.`,
  );
}

/** POST /auto_subscriptions: idempotent, like subscriptions. */
export async function createAutoSubscription(
  services: Services,
  actor: Actor,
  query: CreateAutoSubscriptionQuery,
): Promise<AutoSubscriptionRecord> {
  await checkListener(services, actor, query.listener_id);
  const ownerId = await ownerFor(services, actor, query);
  return findOrInsert(
    services,
    ownerId,
    () => services.store.autoSubscriptions.find(ownerId, query.listener_id, query.event_name),
    async (record) => {
      const auto = { ...record, listener_id: query.listener_id, event_name: query.event_name };
      await services.store.autoSubscriptions.insert(auto);
      return auto;
    },
  );
}

/** Subscribes the owner's auto-subscribed listeners to a newly created source. */
export async function addAutoSubscriptions(services: Services, source: SourceRecord): Promise<void> {
  for (const auto of await services.store.autoSubscriptions.all(source.owner_id)) {
    if (auto.listener_id === source.id) continue;
    await services.store.subscriptions.insert({
      id: services.newId("subscription"),
      owner_id: source.owner_id,
      emitter_id: source.id,
      listener_id: auto.listener_id,
      event_name: auto.event_name,
      created_at: nowSeconds(services),
    });
  }
}

/** Subscriptions of one owner (user or workspace). */
export function listSubscriptions(services: Services, ownerId: string): Promise<SubscriptionRecord[]> {
  return services.store.subscriptions.all(ownerId);
}
