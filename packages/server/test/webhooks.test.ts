import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BadInput, expectRejected, startTestServer, type TestServer } from "./harness.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => t.server.reset());

describe("POST /webhooks", () => {
  it("creates a webhook from query parameters with user_id, and null name and description when unset", async () => {
    const { status, body } = await t.call("POST", "/webhooks", { query: { url: "https://example.com/hooks/in" } });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: expect.stringMatching(/^wh_/),
      user_id: t.demo().userId,
      name: null,
      description: null,
      url: "https://example.com/hooks/in",
      active: true,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
  });

  it.each([
    "http://localhost:8080/in",
    "https://hooks.example.com",
    "http://127.0.0.1:3000/a/b?c=d",
    "HTTPS://EXAMPLE.COM/x",
  ])("accepts %s", async (url) => {
    const { status, body } = await t.call("POST", "/webhooks", { query: { url, name: "n", description: "d" } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ url, name: "n", description: "d" });
  });

  it.each<BadInput>([
    {
      name: "no url",
      method: "POST",
      path: "/webhooks",
      options: { query: {} },
      status: 400,
      error: /url is required/,
    },
    {
      name: "a url without protocol",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: "example.com/hook" } },
      status: 400,
      error: /url must be an http or https URL with a hostname/,
    },
    {
      name: "an ftp url",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: "ftp://example.com/hook" } },
      status: 400,
      error: /url must be an http or https URL/,
    },
    {
      name: "a url without hostname",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: "http:///path" } },
      status: 400,
      error: /url must be an http or https URL/,
    },
    {
      name: "a url with a password only",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: "http://:secret@h.example/" } },
      status: 400,
      error: /url must be an http or https URL/,
    },
    {
      name: "a url with credentials",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: "https://user:pw@example.com" } },
      status: 400,
      error: /url must be an http or https URL/,
    },
    {
      name: "an over-long url",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: `https://example.com/${"a".repeat(2100)}` } },
      status: 400,
      error: /url must be at most 2048 characters/,
    },
    {
      name: "an empty name",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: "https://example.com", name: "" } },
      status: 400,
      error: /name must be a non-empty string of at most 256/,
    },
    {
      name: "an over-long description",
      method: "POST",
      path: "/webhooks",
      options: { query: { url: "https://example.com", description: "d".repeat(1025) } },
      status: 400,
      error: /description must be a non-empty string of at most 1024/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });
});

describe("GET /users/me/webhooks", () => {
  it("lists the user's webhooks oldest first, without user_id", async () => {
    for (const name of ["a", "b", "c"])
      await t.call("POST", "/webhooks", { query: { url: `https://example.com/${name}`, name } });
    const other = await t.newUser();
    await t.call("POST", "/webhooks", { key: other.key, query: { url: "https://example.com/theirs" } });
    const { body } = await t.call("GET", "/users/me/webhooks", { query: { limit: 2 } });
    expect(body.page_info).toMatchObject({ total_count: 3, count: 2 });
    expect(body.data.map((w: any) => w.name)).toEqual(["a", "b"]);
    expect(body.data[0]).not.toHaveProperty("user_id");
    const next = await t.call("GET", "/users/me/webhooks", { query: { after: body.page_info.end_cursor } });
    expect(next.body.data.map((w: any) => w.name)).toEqual(["c"]);
  });
});

describe("DELETE /webhooks/{id}", () => {
  it("deletes the webhook and the subscriptions that deliver to it", async () => {
    const id = (await t.call("POST", "/webhooks", { query: { url: "https://example.com/x" } })).body.data.id;
    await t.call("POST", "/subscriptions", { query: { emitter_id: "p_abc", listener_id: id } });
    expect((await t.call("DELETE", `/webhooks/${id}`)).status).toBe(204);
    expect((await t.call("GET", "/users/me/webhooks")).body.data).toEqual([]);
    expect((await t.call("GET", "/users/me/subscriptions")).body.data).toEqual([]);
  });

  it.each<BadInput>([
    {
      name: "an unknown webhook",
      method: "DELETE",
      path: "/webhooks/wh_missing",
      status: 404,
      error: /No webhook with id "wh_missing"/,
    },
    { name: "a non-webhook id", method: "DELETE", path: "/webhooks/dc_abc", status: 404, error: /No webhook/ },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("answers 404 for another account's webhook and keeps it", async () => {
    const other = await t.newUser();
    const theirs = (await t.call("POST", "/webhooks", { key: other.key, query: { url: "https://example.com/t" } })).body
      .data.id;
    await expectRejected(
      t,
      { name: "theirs", method: "DELETE", path: `/webhooks/${theirs}`, status: 404, error: /No webhook/ },
      expect,
    );
    expect((await t.call("GET", "/users/me/webhooks", { key: other.key })).body.data).toHaveLength(1);
  });
});
