import { z } from "zod";
import { isEventId } from "../event-id.js";
import { CommonParams, integerParam, PAGE_LIMIT, PaginationParams } from "./common.js";

/** Where an event came from and on which channel. */
export const EventMetadata = z
  .object({
    emit_id: z.string(),
    name: z.string().describe("channel: empty for the default channel, `$errors` for errors"),
    emitter_id: z.string(),
  })
  .meta({ id: "EventMetadata" });
export type EventMetadata = z.infer<typeof EventMetadata>;

/**
 * One recent event. The service sends `metadata` beside `event` in one form and inside `event`
 * in another; this reference server sends the sibling form, and clients accept both.
 */
export const EventSummary = z
  .object({
    id: z.string().describe("event id `<epoch_ms>-<sequence>`"),
    indexed_at_ms: z.int(),
    event: z.record(z.string(), z.unknown()).describe("event data; truncated over 1 KB unless expand=event"),
    metadata: EventMetadata.optional(),
  })
  .meta({ id: "EventSummary" });
export type EventSummary = z.infer<typeof EventSummary>;

/** The `event` of a workflow error on the `$errors` channel. */
export const WorkflowErrorEvent = z
  .object({
    original_event: z.record(z.string(), z.unknown()),
    original_context: z.object({
      id: z.string(),
      ts: z.string(),
      workflow_id: z.string(),
      deployment_id: z.string(),
      source_type: z.string(),
      verified: z.boolean(),
      owner_id: z.string(),
      platform_version: z.string(),
    }),
    error: z.object({ code: z.string(), cellId: z.string(), ts: z.string(), stack: z.string() }),
  })
  .meta({ id: "WorkflowErrorEvent" });
export type WorkflowErrorEvent = z.infer<typeof WorkflowErrorEvent>;

/** Most events kept per emitter and channel log. */
export const MAX_EVENTS_KEPT = 100;

/** Event data over this many bytes of JSON is truncated in summaries unless `expand=event`. */
export const EVENT_TRUNCATE_BYTES = 1024;

/** Query of the event summary endpoints. */
export const EventSummariesQuery = CommonParams.extend(PaginationParams.shape).extend({
  limit: integerParam(
    `limit must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`,
    PAGE_LIMIT.min,
    PAGE_LIMIT.max,
  ).optional(),
  expand: z.literal("event", { error: "expand must be `event`" }).optional(),
});
export type EventSummariesQuery = z.infer<typeof EventSummariesQuery>;

const eventId = (name: string) =>
  z
    .string()
    .refine(isEventId, { error: `${name} must be an event id of the form <epoch_ms>-<sequence>` })
    .optional();

/** Query of DELETE /sources/{id}/events: both bounds inclusive. */
export const DeleteEventsQuery = CommonParams.extend({
  start_id: eventId("start_id"),
  end_id: eventId("end_id"),
});
export type DeleteEventsQuery = z.infer<typeof DeleteEventsQuery>;
