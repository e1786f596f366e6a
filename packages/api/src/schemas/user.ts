import { z } from "zod";

/** A workspace with its credit usage. */
export const Workspace = z
  .object({
    id: z.string().describe("`o_` id"),
    orgname: z.string(),
    name: z.string(),
    email: z.string(),
    daily_credits_quota: z.int(),
    daily_credits_used: z.int(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof Workspace>;

/** A workspace as listed in a user's `orgs`; legacy ones also carry compute and invocation usage. */
export const UserWorkspace = Workspace.extend({
  daily_compute_time_quota: z.int().optional(),
  daily_compute_time_used: z.int().optional(),
  daily_invocations_quota: z.int().optional(),
  daily_invocations_used: z.int().optional(),
}).meta({ id: "UserWorkspace" });
export type UserWorkspace = z.infer<typeof UserWorkspace>;

/** The authenticated user on the free plan. */
export const FreeUser = z
  .object({
    id: z.string().describe("`u_` id"),
    username: z.string(),
    email: z.string(),
    daily_compute_time_quota: z.int(),
    daily_compute_time_used: z.int(),
    daily_invocations_quota: z.int(),
    daily_invocations_used: z.int(),
    orgs: z.array(UserWorkspace),
  })
  .meta({ id: "FreeUser" });
export type FreeUser = z.infer<typeof FreeUser>;

/** The authenticated user on a paid plan. */
export const PaidUser = z
  .object({
    id: z.string().describe("`u_` id"),
    username: z.string(),
    email: z.string(),
    billing_period_start_ts: z.int(),
    billing_period_end_ts: z.int(),
    billing_period_credits: z.int(),
  })
  .meta({ id: "PaidUser" });
export type PaidUser = z.infer<typeof PaidUser>;

/** The authenticated user, in the free-plan or the paid form. */
export const CurrentUser = z.union([FreeUser, PaidUser]).meta({ id: "CurrentUser" });
export type CurrentUser = z.infer<typeof CurrentUser>;

/** True when the user is in the paid form. */
export function isPaidUser(user: CurrentUser): user is PaidUser {
  return "billing_period_credits" in user;
}
