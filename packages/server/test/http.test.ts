import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BadInput, expectRejected, startTestServer, type TestServer } from "./harness.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("authentication", () => {
  it("answers the demo user with its key", async () => {
    const { status, body } = await t.call("GET", "/users/me");
    expect(status).toBe(200);
    expect(body.data.username).toBe("demo");
  });

  it.each<BadInput>([
    {
      name: "no Authorization header",
      method: "GET",
      path: "/users/me",
      options: { key: null },
      status: 401,
      error: /API key is required/,
    },
    {
      name: "an unknown key",
      method: "GET",
      path: "/users/me",
      options: { key: "not-a-real-key-123456" },
      status: 401,
      error: /not valid/,
    },
    {
      name: "a Basic credential",
      method: "GET",
      path: "/users/me",
      options: { key: null, headers: { authorization: "Basic abc" } },
      status: 401,
      error: /Bearer <API key>/,
    },
    {
      name: "the admin token on /v1",
      method: "GET",
      path: "/users/me",
      options: { key: "admin-token-0123456789abcdef" },
      status: 401,
      error: /not valid/,
    },
    {
      name: "no key on a write",
      method: "POST",
      path: "/webhooks",
      options: { key: null, query: { url: "https://example.com" } },
      status: 401,
      error: /API key is required/,
    },
  ])("refuses $name with 401", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("sends a Bearer challenge with a 401", async () => {
    const { headers } = await t.call("GET", "/users/me", { key: null });
    expect(headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describe("routing and bodies", () => {
  it.each<BadInput>([
    { name: "an unknown route", method: "GET", path: "/nope", status: 404, error: /No route GET \/v1\/nope/ },
    {
      name: "a wrong method on a known path",
      method: "PATCH",
      path: "/sources/dc_abc",
      options: { body: {} },
      status: 405,
      error: /PATCH is not allowed/,
    },
    {
      name: "a form body",
      method: "POST",
      path: "/components",
      options: { rawBody: "component_code=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
      status: 415,
      error: /Content-Type: application\/json/,
    },
    {
      name: "a body without Content-Type",
      method: "POST",
      path: "/sources",
      options: { rawBody: "{}", headers: {} },
      status: 415,
      error: /no Content-Type/,
    },
    {
      name: "malformed JSON",
      method: "POST",
      path: "/components",
      options: { rawBody: '{"component_code": ', headers: { "content-type": "application/json" } },
      status: 400,
      error: /not valid JSON/,
    },
    {
      name: "a JSON array body",
      method: "POST",
      path: "/sources",
      options: { body: [1, 2] },
      status: 400,
      error: /must be a JSON object/,
    },
    {
      name: "a JSON string body",
      method: "PUT",
      path: "/sources/dc_x",
      options: { body: "hello" },
      status: 400,
      error: /must be a JSON object/,
    },
    {
      name: "a body nested 5000 levels deep",
      method: "POST",
      path: "/sources",
      options: {
        rawBody: `{"configured_props":{"x":${"[".repeat(5000)}${"]".repeat(5000)}}}`,
        headers: { "content-type": "application/json" },
      },
      status: 400,
      error: /deeper than 64 levels/,
    },
    {
      name: "a body over 5 MB",
      method: "POST",
      path: "/components",
      options: { body: { component_code: "x".repeat(5 * 1024 * 1024 + 10) } },
      status: 413,
      error: /limited to 5 MB/,
    },
    {
      name: "a workspace_id the user is not in",
      method: "GET",
      path: "/users/me",
      options: { query: { workspace_id: "o_elsewhere" } },
      status: 404,
      error: /No workspace/,
    },
    {
      name: "a malformed workspace_id",
      method: "GET",
      path: "/users/me",
      options: { query: { workspace_id: "w_1" } },
      status: 400,
      error: /workspace_id must be a workspace id/,
    },
  ])("answers $name with a JSON error", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("names the allowed methods on a 405", async () => {
    const { headers } = await t.call("PATCH", "/sources/dc_abc", { body: {} });
    expect(headers.get("allow")).toBe("PUT, DELETE");
  });

  it("accepts paths with a trailing slash as the spec writes them", async () => {
    const { status, body } = await t.call("GET", "/users/me/sources/");
    expect(status).toBe(200);
    expect(body.page_info.total_count).toBe(0);
  });

  it("accepts Content-Type with a charset", async () => {
    const { status } = await t.call("POST", "/sources", {
      rawBody: "{}",
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    // Reaches validation (no component named), so the media type was accepted.
    expect(status).toBe(400);
  });
});

describe("include and exclude", () => {
  it("keeps only the included fields", async () => {
    const { body } = await t.call("GET", "/users/me", { query: { include: "id,username" } });
    expect(Object.keys(body.data).sort()).toEqual(["id", "username"]);
  });

  it("drops the excluded fields", async () => {
    const { body } = await t.call("GET", "/users/me", { query: { exclude: "orgs, email" } });
    expect(body.data).not.toHaveProperty("orgs");
    expect(body.data).not.toHaveProperty("email");
    expect(body.data).toHaveProperty("username", "demo");
  });

  it("applies to each item of a list and leaves page_info alone", async () => {
    await t.call("POST", "/webhooks", { query: { url: "https://example.com/a", name: "a" } });
    const { body } = await t.call("GET", "/users/me/webhooks", { query: { include: "id" } });
    expect(body.page_info.count).toBe(1);
    expect(body.data).toEqual([{ id: expect.stringMatching(/^wh_/) }]);
  });

  it("reads include from a JSON body on POST", async () => {
    const { body } = await t.call("POST", "/components", {
      body: { component_code: 'export default { name: "x", version: "1", run() {} }', include: "id,name" },
    });
    expect(Object.keys(body.data).sort()).toEqual(["id", "name"]);
  });
});

describe("routing speed", () => {
  it("keeps every route within Hono's RegExpRouter (no fallback to the slower trie router)", async () => {
    const { createApp } = await import("../src/app.js");
    const app = createApp(t.server.services, { adminToken: "x".repeat(16), reset: async () => {} }, () => {});
    await app.fetch(new Request("http://tributary.test/v1/users/me"));
    expect((app.router as { name: string }).name).toBe("SmartRouter + RegExpRouter");
  });
});
