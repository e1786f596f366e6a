import { compareEventIds, isEventId } from "@tributary/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BadInput, componentCode, expectRejected, startTestServer, type TestServer } from "./harness.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A source whose deploy hook emits `count` events `{ i }`, and one big event when asked. */
const EMITTER = componentCode(
  `props: { count: { type: "integer" }, big: { type: "boolean", optional: true } },
   hooks: { deploy() {
     for (let i = 0; i < this.count; i++) this.$emit({ i }, { summary: "event " + i, name: i % 2 ? "odd" : undefined });
     if (this.big) this.$emit({ blob: "x".repeat(2000) });
   } },`,
  "Emitter",
);

async function sourceWith(count: number, big = false, key?: string): Promise<string> {
  const { status, body } = await t.call("POST", "/sources", {
    body: { component_code: EMITTER, configured_props: { count, big } },
    ...(key ? { key } : {}),
  });
  if (status !== 200) throw new Error(JSON.stringify(body));
  return body.data.id;
}

async function allEventIds(id: string): Promise<string[]> {
  const { body } = await t.call("GET", `/sources/${id}/event_summaries`, { query: { limit: 100 } });
  return body.data.map((e: any) => e.id);
}

describe("GET /sources/{id}/event_summaries", () => {
  it("lists a source's events newest first, with metadata beside the event", async () => {
    const id = await sourceWith(3);
    const { status, body } = await t.call("GET", `/sources/${id}/event_summaries`);
    expect(status).toBe(200);
    expect(body.page_info).toMatchObject({ total_count: 3, count: 3 });
    expect(body.data.map((e: any) => e.event)).toEqual([{ i: 2 }, { i: 1 }, { i: 0 }]);
    const [newest] = body.data;
    expect(isEventId(newest.id)).toBe(true);
    expect(newest.metadata).toEqual({ emit_id: expect.any(String), name: "", emitter_id: id });
    expect(body.data[1].metadata.name).toBe("odd");
    expect(newest.indexed_at_ms).toBeGreaterThan(Date.now() - 60_000);
    expect(body.page_info.start_cursor).toBe(newest.id);
    expect(body.page_info.end_cursor).toBe(body.data[2].id);
  });

  it("keeps the last 100 events", async () => {
    const id = await sourceWith(130);
    const { body } = await t.call("GET", `/sources/${id}/event_summaries`, { query: { limit: 100 } });
    expect(body.page_info.total_count).toBe(100);
    expect(body.data[0].event).toEqual({ i: 129 });
    expect(body.data[99].event).toEqual({ i: 30 });
  });

  it("pages with after (older) and before (newer) cursors without gaps or repeats", async () => {
    const id = await sourceWith(25);
    const everything = await allEventIds(id);
    const seen: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const { body } = await t.call("GET", `/sources/${id}/event_summaries`, { query: { limit: 10, after } });
      seen.push(...body.data.map((e: any) => e.id));
      if (body.page_info.count < 10) break;
      after = body.page_info.end_cursor;
    }
    expect(seen).toEqual(everything);
    expect([...seen].sort(compareEventIds).reverse()).toEqual(seen);
    // Back from the middle: the 10 newer than item 15, nearest first in list order.
    const back = await t.call("GET", `/sources/${id}/event_summaries`, {
      query: { limit: 10, before: everything[15] },
    });
    expect(back.body.data.map((e: any) => e.id)).toEqual(everything.slice(5, 15));
  });

  it("truncates event data over 1 KB unless expand=event", async () => {
    const id = await sourceWith(0, true);
    const short = await t.call("GET", `/sources/${id}/event_summaries`);
    expect(short.body.data[0].event).toMatchObject({ $truncated: true, $size_bytes: 2011 });
    expect(short.body.data[0].event.$preview).toHaveLength(1024);
    const full = await t.call("GET", `/sources/${id}/event_summaries`, { query: { expand: "event" } });
    expect(full.body.data[0].event.blob).toHaveLength(2000);
  });

  it("answers an empty page for a source that has emitted nothing", async () => {
    const id = await sourceWith(0);
    const { body } = await t.call("GET", `/sources/${id}/event_summaries`);
    expect(body).toEqual({ page_info: { total_count: 0, count: 0, start_cursor: null, end_cursor: null }, data: [] });
  });

  it.each<BadInput>([
    {
      name: "limit 0",
      method: "GET",
      path: "/sources/dc_x/event_summaries",
      options: { query: { limit: 0 } },
      status: 400,
      error: /limit must be an integer from 1 to 100/,
    },
    {
      name: "limit 101",
      method: "GET",
      path: "/sources/dc_x/event_summaries",
      options: { query: { limit: 101 } },
      status: 400,
      error: /limit must be an integer from 1 to 100/,
    },
    {
      name: "limit abc",
      method: "GET",
      path: "/sources/dc_x/event_summaries",
      options: { query: { limit: "abc" } },
      status: 400,
      error: /limit must be an integer/,
    },
    {
      name: "expand other than event",
      method: "GET",
      path: "/sources/dc_x/event_summaries",
      options: { query: { expand: "all" } },
      status: 400,
      error: /expand must be `event`/,
    },
    {
      name: "an unknown source",
      method: "GET",
      path: "/sources/dc_missing/event_summaries",
      status: 404,
      error: /No source/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("refuses a cursor that is not an event id", async () => {
    const id = await sourceWith(1);
    await expectRejected(
      t,
      {
        name: "bad cursor",
        method: "GET",
        path: `/sources/${id}/event_summaries`,
        options: { query: { after: "dc_abc" } },
        status: 400,
        error: /after is not a cursor of this list/,
      },
      expect,
    );
  });

  it("answers 404 for another account's source", async () => {
    const other = await t.newUser();
    const theirs = await sourceWith(2, false, other.key);
    await expectRejected(
      t,
      { name: "theirs", method: "GET", path: `/sources/${theirs}/event_summaries`, status: 404, error: /No source/ },
      expect,
    );
  });
});

describe("DELETE /sources/{id}/events", () => {
  const cases: [string, (ids: string[]) => Record<string, string>, (ids: string[]) => string[]][] = [
    ["no bounds deletes everything", () => ({}), () => []],
    ["start_id deletes it and everything later", (ids) => ({ start_id: ids[6]! }), (ids) => ids.slice(0, 6)],
    ["end_id deletes it and everything earlier", (ids) => ({ end_id: ids[3]! }), (ids) => ids.slice(4)],
    [
      "both delete the inclusive range",
      (ids) => ({ start_id: ids[2]!, end_id: ids[5]! }),
      (ids) => [...ids.slice(0, 2), ...ids.slice(6)],
    ],
    [
      "equal bounds delete one event",
      (ids) => ({ start_id: ids[4]!, end_id: ids[4]! }),
      (ids) => [...ids.slice(0, 4), ...ids.slice(5)],
    ],
  ];

  it.each(cases)("%s, and answers 202", async (_, bounds, kept) => {
    const id = await sourceWith(10);
    const oldestFirst = (await allEventIds(id)).reverse();
    const { status } = await t.call("DELETE", `/sources/${id}/events`, { query: bounds(oldestFirst) });
    expect(status).toBe(202);
    expect((await allEventIds(id)).reverse()).toEqual(kept(oldestFirst));
  });

  it("keeps cursors of deleted events usable", async () => {
    const id = await sourceWith(6);
    const ids = await allEventIds(id);
    await t.call("DELETE", `/sources/${id}/events`, { query: { start_id: ids[2]!, end_id: ids[2]! } });
    const { status, body } = await t.call("GET", `/sources/${id}/event_summaries`, { query: { after: ids[2] } });
    expect(status).toBe(200);
    expect(body.data.map((e: any) => e.id)).toEqual(ids.slice(3));
  });

  it.each<BadInput>([
    {
      name: "a malformed start_id",
      method: "DELETE",
      path: "/sources/dc_x/events",
      options: { query: { start_id: "yesterday" } },
      status: 400,
      error: /start_id must be an event id/,
    },
    {
      name: "a malformed end_id",
      method: "DELETE",
      path: "/sources/dc_x/events",
      options: { query: { end_id: "1-2-3" } },
      status: 400,
      error: /end_id must be an event id/,
    },
    {
      name: "an unknown source",
      method: "DELETE",
      path: "/sources/dc_missing/events",
      status: 404,
      error: /No source/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("refuses start_id after end_id and deletes nothing", async () => {
    const id = await sourceWith(3);
    const ids = await allEventIds(id);
    await expectRejected(
      t,
      {
        name: "reversed",
        method: "DELETE",
        path: `/sources/${id}/events`,
        options: { query: { start_id: ids[0]!, end_id: ids[2]! } },
        status: 400,
        error: /start_id must not be after end_id/,
      },
      expect,
    );
    expect(await allEventIds(id)).toEqual(ids);
  });

  it("leaves another account's events alone", async () => {
    const other = await t.newUser();
    const theirs = await sourceWith(2, false, other.key);
    await expectRejected(
      t,
      { name: "theirs", method: "DELETE", path: `/sources/${theirs}/events`, status: 404, error: /No source/ },
      expect,
    );
    const { body } = await t.call("GET", `/sources/${theirs}/event_summaries`, { key: other.key });
    expect(body.page_info.total_count).toBe(2);
  });
});

describe("workflow event summaries", () => {
  it.each(["/workflows/p_abc123/event_summaries", "/workflows/p_abc123/$errors/event_summaries"])(
    "answers an empty page for %s until the workflow emits",
    async (path) => {
      const { status, body } = await t.call("GET", path, { query: { limit: 5, expand: "event" } });
      expect(status).toBe(200);
      expect(body).toEqual({ page_info: { total_count: 0, count: 0, start_cursor: null, end_cursor: null }, data: [] });
    },
  );

  it.each<BadInput>([
    {
      name: "a non-workflow id",
      method: "GET",
      path: "/workflows/dc_abc/event_summaries",
      status: 404,
      error: /No workflow/,
    },
    {
      name: "limit 101",
      method: "GET",
      path: "/workflows/p_abc/$errors/event_summaries",
      options: { query: { limit: 101 } },
      status: 400,
      error: /limit must be an integer from 1 to 100/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });
});
