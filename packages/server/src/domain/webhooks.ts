import type { CreateWebhookQuery } from "@tributary/api";
import { notFound } from "../errors.js";
import { nowSeconds, type Services } from "../services.js";
import type { WebhookRecord } from "../store/records.js";
import type { Actor } from "./access.js";

/** A webhook of the actor; 404 otherwise. Webhooks belong to users, not workspaces. */
export async function visibleWebhook(services: Services, actor: Actor, id: string): Promise<WebhookRecord> {
  const webhook = id.startsWith("wh_") ? await services.store.webhooks.get(id) : undefined;
  if (!webhook || webhook.owner_id !== actor.user.id) throw notFound("webhook", id);
  return webhook;
}

/** POST /webhooks. */
export async function createWebhook(
  services: Services,
  actor: Actor,
  query: CreateWebhookQuery,
): Promise<WebhookRecord> {
  const now = nowSeconds(services);
  const record: WebhookRecord = {
    id: services.newId("webhook"),
    owner_id: actor.user.id,
    user_id: actor.user.id,
    name: query.name ?? null,
    description: query.description ?? null,
    url: query.url,
    active: true,
    created_at: now,
    updated_at: now,
  };
  await services.store.webhooks.insert(record);
  return record;
}

/** DELETE /webhooks/{id}: the webhook and the subscriptions and auto-subscriptions that deliver to it. */
export async function deleteWebhook(services: Services, actor: Actor, id: string): Promise<void> {
  await visibleWebhook(services, actor, id);
  await services.store.webhooks.delete(id);
  await services.store.subscriptions.deleteTouching(id);
  await services.store.autoSubscriptions.deleteTouching(id);
}
