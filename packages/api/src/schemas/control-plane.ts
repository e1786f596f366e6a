import { z } from "zod";
import { FreeUser, PaidUser } from "./user.js";

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Body of POST /_tributary/users. */
export const CreateUserBody = z
  .object({
    username: z
      .string({ error: "username must be a string" })
      .regex(NAME, {
        error: "username must be 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit",
      })
      .optional(),
    email: z.email({ error: "email must be an email address" }).optional(),
    plan: z.enum(["free", "paid"], { error: "plan must be free or paid" }).optional(),
    api_key: z
      .string({ error: "api_key must be a string" })
      .min(16, { error: "api_key must be at least 16 characters" })
      .max(256, { error: "api_key must be at most 256 characters" })
      .optional(),
  })
  .strict();
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** Response data of POST /_tributary/users. */
export const CreatedUser = z
  .object({ user: z.union([FreeUser, PaidUser]), api_key: z.string() })
  .meta({ id: "CreatedUser" });
export type CreatedUser = z.infer<typeof CreatedUser>;

/** Body of POST /_tributary/workspaces. */
export const CreateWorkspaceBody = z
  .object({
    name: z
      .string({ error: "name is required and must be a string" })
      .min(1, { error: "name must not be empty" })
      .max(256, { error: "name must be at most 256 characters" }),
    members: z
      .array(z.string().regex(/^u_[0-9A-Za-z]{1,64}$/, { error: "members must be user ids (u_...)" }), {
        error: "members must be an array of user ids (u_...)",
      })
      .max(1000),
    email: z.email({ error: "email must be an email address" }).optional(),
    daily_credits_quota: z.int().min(0).optional(),
  })
  .strict();
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBody>;

/** Body of POST /_tributary/registry. */
export const PublishComponentBody = z
  .object({
    component_code: z
      .string({ error: "component_code is required and must be a string of JavaScript" })
      .min(1, { error: "component_code must not be empty" }),
  })
  .strict();
export type PublishComponentBody = z.infer<typeof PublishComponentBody>;
