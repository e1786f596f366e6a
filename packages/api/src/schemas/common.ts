import { z } from "zod";

/**
 * An integer read from a query string or a JSON body: `"25"` and `25` are both 25, anything
 * else (a fraction, a word, an empty string) fails with `message`.
 */
export function integerParam(message: string, min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value),
    z.int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

/** A boolean from a JSON body, or `"true"` / `"false"` from a query string. */
export function booleanParam(message: string) {
  return z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: message }),
  );
}

/** A non-empty string with an upper bound, with one message for every failure. */
export function textParam(name: string, max: number) {
  const message = `${name} must be a non-empty string of at most ${max} characters`;
  return z.string({ error: message }).min(1, { error: message }).max(max, { error: message });
}

/** Parameters every endpoint accepts: response field selection and the workspace in effect. */
export const CommonParams = z.object({
  include: z.string({ error: "include must be a comma-separated string of field names" }).optional(),
  exclude: z.string({ error: "exclude must be a comma-separated string of field names" }).optional(),
  workspace_id: z
    .string({ error: "workspace_id must be a workspace id (o_...)" })
    .regex(/^o_[0-9A-Za-z]{1,64}$/, { error: "workspace_id must be a workspace id (o_...)" })
    .optional(),
});
export type CommonParams = z.infer<typeof CommonParams>;

/** Page size limits of every paginated endpoint. */
export const PAGE_LIMIT = { default: 10, min: 1, max: 100 } as const;

/** Cursor parameters of paginated endpoints. */
export const PaginationParams = z.object({
  limit: integerParam(
    `limit must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`,
    PAGE_LIMIT.min,
    PAGE_LIMIT.max,
  ).optional(),
  after: z.string({ error: "after must be a cursor string from page_info" }).min(1).optional(),
  before: z.string({ error: "before must be a cursor string from page_info" }).min(1).optional(),
});
export type PaginationParams = z.infer<typeof PaginationParams>;

/** Query of a paginated list endpoint. */
export const ListQuery = CommonParams.extend(PaginationParams.shape);
export type ListQuery = z.infer<typeof ListQuery>;

/** The query parameter naming the workspace that owns a resource being created. */
export const OrgIdParam = z.object({
  org_id: z
    .string({ error: "org_id must be a workspace id (o_...)" })
    .regex(/^o_[0-9A-Za-z]{1,64}$/, { error: "org_id must be a workspace id (o_...)" })
    .optional(),
});
