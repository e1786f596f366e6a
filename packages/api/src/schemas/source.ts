import { z } from "zod";
import { booleanParam, CommonParams, textParam } from "./common.js";
import { ComponentRef } from "./component.js";

/** A timer prop as the service answers it. `cron` is null for interval timers. */
export const TimerValue = z
  .object({ cron: z.string().nullable(), interval_seconds: z.int() })
  .meta({ id: "TimerValue" });
export type TimerValue = z.infer<typeof TimerValue>;

/** A timer prop as a client configures it: an interval or a cron expression. */
export const TimerInput = z.union([
  z.object({ intervalSeconds: z.int().min(1) }),
  z.object({ cron: z.string().min(1) }),
]);
export type TimerInput = z.infer<typeof TimerInput>;

/** An HTTP-interface prop as the service answers it. */
export const HttpValue = z.object({ endpoint_url: z.string() }).meta({ id: "HttpValue" });
export type HttpValue = z.infer<typeof HttpValue>;

/** A deployed component. `user_id` is present in create and update responses only. */
export const Source = z
  .object({
    id: z.string().describe("`dc_` id"),
    user_id: z.string().optional().describe("`u_` id; present in create and update responses"),
    component_id: z.string().describe("`sc_` id"),
    configured_props: z
      .record(z.string(), z.unknown())
      .describe("values of the component's props; timers as TimerValue, HTTP interfaces as HttpValue"),
    active: z.boolean(),
    created_at: z.int(),
    updated_at: z.int(),
    name: z.string(),
    name_slug: z.string(),
  })
  .meta({ id: "Source" });
export type Source = z.infer<typeof Source>;

/** Longest source name accepted. */
export const MAX_SOURCE_NAME = 256;

const configuredProps = z.record(z.string(), z.unknown(), {
  error: "configured_props must be an object of prop names to values",
});

/** Body of POST /sources. */
export const CreateSourceBody = CommonParams.extend({
  ...ComponentRef,
  name: textParam("name", MAX_SOURCE_NAME).optional(),
  configured_props: configuredProps.optional(),
  key: z.string({ error: "key must be a registry component key" }).min(1).optional(),
}).strict();
export type CreateSourceBody = z.infer<typeof CreateSourceBody>;

/** Body of PUT /sources/{id}. Props left out keep their values. */
export const UpdateSourceBody = CommonParams.extend({
  ...ComponentRef,
  name: textParam("name", MAX_SOURCE_NAME).optional(),
  configured_props: configuredProps.optional(),
  active: booleanParam("active must be true or false").optional(),
})
  .strict()
  .refine(
    (body) => body.component_id !== undefined || body.component_code !== undefined || body.component_url !== undefined,
    { error: "one of component_id, component_code or component_url is required", path: ["component_id"] },
  );
export type UpdateSourceBody = z.infer<typeof UpdateSourceBody>;
