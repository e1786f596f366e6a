import { z } from "zod";
import { CommonParams } from "./common.js";

/** A drop-down choice of a prop: a bare value or a labelled one. */
export const PropOption = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.object({ label: z.string(), value: z.unknown() }),
]);
export type PropOption = z.infer<typeof PropOption>;

/** A configurable prop of a component, as the service describes it. */
export const PropDescriptor = z
  .looseObject({
    name: z.string(),
    type: z.string().describe("`string`, `integer`, `app`, `$.interface.timer`, ... with `[]` for arrays"),
    label: z.string().optional(),
    description: z.string().optional(),
    default: z.unknown().optional(),
    app: z.string().optional(),
    optional: z.boolean().optional(),
    secret: z.boolean().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    options: z
      .union([z.array(PropOption), z.literal("dynamic")])
      .optional()
      .describe("static choices, or `dynamic` when the component computes them"),
    customResponse: z.boolean().optional(),
    reloadProps: z.boolean().optional(),
  })
  .meta({ id: "PropDescriptor" });
export type PropDescriptor = z.infer<typeof PropDescriptor>;

/** A saved component. */
export const Component = z
  .object({
    id: z.string().describe("`sc_` id"),
    code: z.string(),
    code_hash: z.string().describe("sha256 of the code, hex"),
    name: z.string(),
    version: z.string(),
    configurable_props: z.array(PropDescriptor),
    created_at: z.int().describe("epoch seconds"),
    updated_at: z.int().describe("epoch seconds"),
  })
  .meta({ id: "Component" });
export type Component = z.infer<typeof Component>;

/** Largest component code accepted, in bytes of UTF-8. */
export const MAX_COMPONENT_CODE_BYTES = 1024 * 1024;

const code = z
  .string({ error: "component_code must be a string of JavaScript" })
  .min(1, { error: "component_code must not be empty" });
const url = z
  .string({ error: "component_url must be a string" })
  .regex(/^https?:\/\/[^\s/]+/i, { error: "component_url must be an http or https URL" });

/** Body of POST /components. */
export const CreateComponentBody = CommonParams.extend({
  component_code: code.optional(),
  component_url: url.optional(),
})
  .strict()
  .refine((body) => body.component_code !== undefined || body.component_url !== undefined, {
    error: "component_code or component_url is required",
    path: ["component_code"],
  });
export type CreateComponentBody = z.infer<typeof CreateComponentBody>;

/** Shared fields of the bodies that name a component: by id, by code or by URL. */
export const ComponentRef = {
  component_id: z
    .string({ error: "component_id must be a saved component id (sc_...)" })
    .regex(/^sc_[0-9A-Za-z]{1,64}$/, { error: "component_id must be a saved component id (sc_...)" })
    .optional(),
  component_code: code.optional(),
  component_url: url.optional(),
};
