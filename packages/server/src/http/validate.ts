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
