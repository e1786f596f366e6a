import { z } from "zod";
import { CommonParams, OrgIdParam } from "./common.js";

/** A route from an emitter to a listener on one channel. */
export const Subscription = z
  .object({
    id: z.string().describe("`sub_` id"),
    emitter_id: z.string().describe("source, workflow or workspace id, or the glob `dc_*` / `p_*`"),
    listener_id: z.string().describe("source, workflow or webhook id"),
    event_name: z.string().describe("channel; empty when none"),
  })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof Subscription>;

/** A listener attached to emitters created later. */
export const AutoSubscription = z
  .object({
    id: z.string().describe("`sub_` id"),
    listener_id: z.string(),
    event_name: z.enum(["$errors", "$logs"]),
  })
  .meta({ id: "AutoSubscription" });
export type AutoSubscription = z.infer<typeof AutoSubscription>;

const EMITTER = /^(dc_[0-9A-Za-z]{1,64}|p_[0-9A-Za-z]{1,64}|o_[0-9A-Za-z]{1,64}|dc_\*|p_\*)$/;
const LISTENER = /^(dc_|p_|wh_)[0-9A-Za-z]{1,64}$/;
const CHANNEL = "event_name must be a channel name of at most 256 characters";

const emitterId = z
  .string({ error: "emitter_id is required" })
  .regex(EMITTER, { error: "emitter_id must be a source (dc_), workflow (p_) or workspace (o_) id, or dc_* or p_*" });
const listenerId = z
  .string({ error: "listener_id is required" })
  .regex(LISTENER, { error: "listener_id must be a source (dc_), workflow (p_) or webhook (wh_) id" });
const eventName = z.string({ error: CHANNEL }).max(256, { error: CHANNEL });

/** Query of POST /subscriptions. */
export const CreateSubscriptionQuery = CommonParams.extend(OrgIdParam.shape).extend({
  emitter_id: emitterId,
  listener_id: listenerId,
  event_name: eventName.optional(),
});
export type CreateSubscriptionQuery = z.infer<typeof CreateSubscriptionQuery>;

/** Query of POST /auto_subscriptions. */
export const CreateAutoSubscriptionQuery = CommonParams.extend(OrgIdParam.shape).extend({
  event_name: z.enum(["$errors", "$logs"], { error: "event_name must be $errors or $logs" }),
  listener_id: listenerId,
});
export type CreateAutoSubscriptionQuery = z.infer<typeof CreateAutoSubscriptionQuery>;

/** Query of DELETE /subscriptions. */
export const DeleteSubscriptionQuery = CommonParams.extend({
  emitter_id: emitterId,
  listener_id: listenerId,
  event_name: eventName.optional(),
});
export type DeleteSubscriptionQuery = z.infer<typeof DeleteSubscriptionQuery>;
