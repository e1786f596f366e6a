import { PAGE_LIMIT } from "@tributary/api";
import type { Context } from "hono";
import { ApiError } from "../errors.js";
import { type PageRequest, type PageResult, UnknownCursorError } from "../store/store.js";
import { type FieldSelection, fieldSelector } from "./select-fields.js";

/** `{ data }`, with `include` / `exclude` applied to the resource or to each item of a list. */
export function sendData(c: Context, data: unknown, selection: FieldSelection, status: 200 | 201 = 200): Response {
  const select = fieldSelector(selection);
  const shaped = select ? (Array.isArray(data) ? data.map(select) : select(data)) : data;
  return c.json({ data: shaped }, status);
}

/** `{ page_info, data }` for one page, with `include` / `exclude` applied to each item. */
export function sendPage<T, W>(
  c: Context,
  page: PageResult<T>,
  cursorOf: (item: T) => string,
  present: (item: T) => W,
  selection: FieldSelection,
): Response {
  const select = fieldSelector(selection);
  const data = page.items.map((item) => (select ? select(present(item)) : present(item)));
  const first = page.items[0];
  const last = page.items.at(-1);
  return c.json({
    page_info: {
      total_count: page.total,
      count: page.items.length,
      start_cursor: first === undefined ? null : cursorOf(first),
      end_cursor: last === undefined ? null : cursorOf(last),
    },
    data,
  });
}

/** The page a list query asks for, with the default size. */
export function pageRequest(query: {
  limit?: number | undefined;
  after?: string | undefined;
  before?: string | undefined;
}): PageRequest {
  return {
    limit: query.limit ?? PAGE_LIMIT.default,
    ...(query.after !== undefined ? { after: query.after } : {}),
    ...(query.before !== undefined ? { before: query.before } : {}),
  };
}

/** Runs a page fetch, turning an unknown cursor into a 400 that names it. */
export async function fetchPage<T>(page: PageRequest, fetch: (page: PageRequest) => Promise<PageResult<T>>) {
  try {
    return await fetch(page);
  } catch (error) {
    if (!(error instanceof UnknownCursorError)) throw error;
    const param = error.cursor === page.after ? "after" : "before";
    throw new ApiError(
      "invalid_request",
      `${param} is not a cursor of this list; pass a start_cursor or end_cursor from page_info.`,
      param,
    );
  }
}

/** Query parameters, merged over a JSON body's fields when the endpoint takes both. */
export function queryOf(c: Context, body: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...body, ...c.req.query() };
}
