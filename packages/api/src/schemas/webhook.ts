import { z } from "zod";
import { CommonParams, textParam } from "./common.js";

/** An account-level HTTP(S) endpoint that receives events. `user_id` is absent from lists. */
export const Webhook = z
  .object({
    id: z.string().describe("`wh_` id"),
    user_id: z.string().optional().describe("present in the create response only"),
    name: z.string().nullable(),
    description: z.string().nullable(),
    url: z.string(),
    active: z.boolean(),
    created_at: z.int(),
    updated_at: z.int(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof Webhook>;

/** Longest webhook URL, name and description accepted. */
export const WEBHOOK_LIMITS = { url: 2048, name: 256, description: 1024 } as const;

/**
 * True when `value` is an http or https URL with a hostname; a port and a path are allowed,
 * credentials are not.
 */
export function isWebhookUrl(value: string): boolean {
  // The raw text must name a host: WHATWG parsing would read "http:///path" as host "path".
  if (!/^https?:\/\/[^/\s?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

const URL_RULE = "url must be an http or https URL with a hostname, such as https://example.com/hook";

/** Query of POST /webhooks. */
export const CreateWebhookQuery = CommonParams.extend({
  url: z
    .string({ error: "url is required" })
    .max(WEBHOOK_LIMITS.url, { error: `url must be at most ${WEBHOOK_LIMITS.url} characters` })
    .refine(isWebhookUrl, { error: URL_RULE }),
  name: textParam("name", WEBHOOK_LIMITS.name).optional(),
  description: textParam("description", WEBHOOK_LIMITS.description).optional(),
});
export type CreateWebhookQuery = z.infer<typeof CreateWebhookQuery>;
