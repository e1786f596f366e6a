import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "../errors.js";

/** A zod issue, as much of it as a message needs. */
interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

function describe(issue: Issue): { param: string; message: string } {
  const param = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys" && issue.keys?.length) {
    const [key] = issue.keys;
    const where = param ? `${param}.` : "";
    return { param: `${where}${key}`, message: `Unknown parameter ${where}${key}: remove it or check its spelling.` };
  }
  if (!param) return { param, message: issue.message };
  const named = issue.message.startsWith(param) || issue.message.includes(` ${param} `);
  return { param, message: named ? issue.message : `${param}: ${issue.message}` };
}

/**
 * Parses `input` with a wire schema; on failure throws a 400 naming the first parameter at fault
 * and listing every problem in `issues`.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = (result.error.issues as Issue[]).map(describe);
  const first = issues[0] ?? { param: "", message: "The request is not valid." };
  throw new ApiError("invalid_request", first.message, first.param || undefined, { issues });
}

const emptyQueries = new WeakMap<z.ZodType, unknown>();

/**
 * Parses the query string with a wire schema. A request without one (most GETs) reuses the
 * schema's parse of `{}`, so the common case costs no parsing at all.
 */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  if (c.req.url.includes("?")) return parseWith(schema, c.req.query());
  if (!emptyQueries.has(schema)) emptyQueries.set(schema, Object.freeze(parseWith(schema, {})));
  return emptyQueries.get(schema) as z.output<S>;
}
