import type { CurrentUser, UserWorkspace } from "@tributary/api";
import type { UserRecord, WorkspaceRecord } from "../store/records.js";
import { presentWorkspace } from "./present.js";

/** Daily limits of the free plan: compute time in seconds, invocations in counts. */
export const FREE_PLAN = { daily_compute_time_quota: 1800, daily_invocations_quota: 10_000 } as const;

/** Credits of a paid plan's billing period. */
export const PAID_PLAN = { billing_period_credits: 20_000 } as const;

/** The wire form of the authenticated user, in the free-plan or the paid form. */
export function presentUser(user: UserRecord, workspaces: readonly WorkspaceRecord[], nowMs: number): CurrentUser {
  if (user.plan === "paid") {
    const now = new Date(nowMs);
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      billing_period_start_ts: start / 1000,
      billing_period_end_ts: end / 1000,
      billing_period_credits: PAID_PLAN.billing_period_credits,
    };
  }
  const orgs: UserWorkspace[] = workspaces.map(presentWorkspace);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    daily_compute_time_quota: FREE_PLAN.daily_compute_time_quota,
    daily_compute_time_used: 0,
    daily_invocations_quota: FREE_PLAN.daily_invocations_quota,
    daily_invocations_used: 0,
    orgs,
  };
}
