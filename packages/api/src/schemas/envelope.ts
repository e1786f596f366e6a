import { z } from "zod";

/** `page_info` of a paginated response. Cursors are null on an empty page. */
export const PageInfo = z
  .object({
    total_count: z.int().describe("total items available"),
    count: z.int().describe("items in this page"),
    start_cursor: z.string().nullable().describe("cursor of the first item in the page"),
    end_cursor: z.string().nullable().describe("cursor of the last item in the page"),
  })
  .meta({ id: "PageInfo" });
export type PageInfo = z.infer<typeof PageInfo>;

/** `{ data }`: a single resource or a non-paginated list. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** `{ page_info, data }`: one page of a paginated list. */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ page_info: PageInfo, data: z.array(item) });
}

/** A page of items with its page_info, as the server sends it. */
export interface Page<T> {
  page_info: PageInfo;
  data: T[];
}

/** The body of every error response. */
export const ErrorBody = z
  .object({
    error: z.string().describe("a sentence saying what was wrong and how to fix it"),
    code: z.string().describe("a stable machine-readable code, such as `not_found`"),
    param: z.string().optional().describe("the request parameter at fault, when there is one"),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;
