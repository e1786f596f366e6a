import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BadInput, componentCode, expectRejected, startTestServer, type TestServer } from "./harness.js";

let t: TestServer;
let source: string;
let webhook: string;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.server.reset();
  source = (await t.call("POST", "/sources", { body: { component_code: componentCode("") } })).body.data.id;
  webhook = (await t.call("POST", "/webhooks", { query: { url: "https://example.com/hook" } })).body.data.id;
});

const subscribe = (query: Record<string, string>, key?: string) =>
  t.call("POST", "/subscriptions", { query, ...(key ? { key } : {}) });

describe("POST /subscriptions", () => {
  it("routes a source's events to a webhook and lists the subscription", async () => {
    const { status, body } = await subscribe({ emitter_id: source, listener_id: webhook });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: expect.stringMatching(/^sub_/),
      emitter_id: source,
      listener_id: webhook,
      event_name: "",
    });
    const list = await t.call("GET", "/users/me/subscriptions");
    expect(list.body).toEqual({ data: [body.data] });
  });

  it("answers the same subscription for the same emitter, listener and channel", async () => {
    const first = await subscribe({ emitter_id: source, listener_id: webhook, event_name: "alerts" });
    const again = await subscribe({ emitter_id: source, listener_id: webhook, event_name: "alerts" });
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await subscribe({ emitter_id: source, listener_id: webhook, event_name: "$logs" });
    expect(other.body.data.id).not.toBe(first.body.data.id);
    expect((await t.call("GET", "/users/me/subscriptions")).body.data).toHaveLength(2);
  });

  it("accepts workflows, globs and sources as emitters and listeners", async () => {
    const second = (await t.call("POST", "/sources", { body: { component_code: componentCode("", "Second") } })).body
      .data.id;
    for (const [emitter_id, listener_id] of [
      ["p_abc123", webhook],
      ["dc_*", webhook],
      ["p_*", "p_listener1"],
      [source, second],
    ] as const) {
      const { status, body } = await subscribe({ emitter_id, listener_id, event_name: "$errors" });
      expect(status, JSON.stringify(body)).toBe(200);
    }
  });

  it("subscribes to a workspace's error stream and lists it under the workspace", async () => {
    const { workspaceId } = t.demo();
    const { status, body } = await subscribe({ emitter_id: workspaceId, listener_id: webhook, event_name: "$errors" });
    expect(status).toBe(200);
    const list = await t.call("GET", `/workspaces/${workspaceId}/subscriptions`);
    expect(list.body.data).toEqual([body.data]);
    expect((await t.call("GET", "/users/me/subscriptions")).body.data).toEqual([]);
  });

  it.each<BadInput>([
    {
      name: "no emitter_id",
      method: "POST",
      path: "/subscriptions",
      options: { query: { listener_id: "wh_abc" } },
      status: 400,
      error: /emitter_id is required/,
    },
    {
      name: "no listener_id",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "p_abc" } },
      status: 400,
      error: /listener_id is required/,
    },
    {
      name: "a malformed emitter",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "abc", listener_id: "p_abc" } },
      status: 400,
      error: /emitter_id must be a source \(dc_\), workflow \(p_\) or workspace \(o_\) id/,
    },
    {
      name: "a webhook as emitter",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "wh_abc", listener_id: "p_abc" } },
      status: 400,
      error: /emitter_id must be/,
    },
    {
      name: "a workspace as listener",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "p_abc", listener_id: "o_abc" } },
      status: 400,
      error: /listener_id must be a source \(dc_\), workflow \(p_\) or webhook \(wh_\) id/,
    },
    {
      name: "an unknown source emitter",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "dc_missing", listener_id: "p_abc" } },
      status: 404,
      error: /No source/,
    },
    {
      name: "an unknown webhook listener",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "p_abc", listener_id: "wh_missing" } },
      status: 404,
      error: /No webhook/,
    },
    {
      name: "a workspace the user is not in",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "o_other", listener_id: "p_abc", event_name: "$errors" } },
      status: 404,
      error: /No workspace/,
    },
    {
      name: "an over-long channel",
      method: "POST",
      path: "/subscriptions",
      options: { query: { emitter_id: "p_abc", listener_id: "p_def", event_name: "x".repeat(300) } },
      status: 400,
      error: /event_name must be a channel name/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("refuses a workspace emitter on a channel other than $errors", async () => {
    const { workspaceId } = t.demo();
    await expectRejected(
      t,
      {
        name: "ws",
        method: "POST",
        path: "/subscriptions",
        options: { query: { emitter_id: workspaceId, listener_id: "p_abc" } },
        status: 400,
        error: /event_name=\$errors/,
      },
      expect,
    );
  });

  it("answers 404 for another account's source or webhook", async () => {
    const other = await t.newUser();
    await expectRejected(
      t,
      {
        name: "their emitter",
        method: "POST",
        path: "/subscriptions",
        options: { key: other.key, query: { emitter_id: source, listener_id: "p_abc" } },
        status: 404,
        error: /No source/,
      },
      expect,
    );
    await expectRejected(
      t,
      {
        name: "their listener",
        method: "POST",
        path: "/subscriptions",
        options: { key: other.key, query: { emitter_id: "p_abc", listener_id: webhook } },
        status: 404,
        error: /No webhook/,
      },
      expect,
    );
  });
});

describe("DELETE /subscriptions", () => {
  it("deletes the subscription matching emitter, listener and channel", async () => {
    await subscribe({ emitter_id: source, listener_id: webhook });
    await subscribe({ emitter_id: source, listener_id: webhook, event_name: "odd" });
    const { status } = await t.call("DELETE", "/subscriptions", {
      query: { emitter_id: source, listener_id: webhook, event_name: "" },
    });
    expect(status).toBe(204);
    const left = await t.call("GET", "/users/me/subscriptions");
    expect(left.body.data.map((s: any) => s.event_name)).toEqual(["odd"]);
  });

  it.each<BadInput>([
    {
      name: "a subscription that does not exist",
      method: "DELETE",
      path: "/subscriptions",
      options: { query: { emitter_id: "p_abc", listener_id: "p_def" } },
      status: 404,
      error: /No subscription from p_abc to p_def on channel ""/,
    },
    {
      name: "no emitter_id",
      method: "DELETE",
      path: "/subscriptions",
      options: { query: { listener_id: "p_def" } },
      status: 400,
      error: /emitter_id is required/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("does not delete another account's subscription", async () => {
    await subscribe({ emitter_id: source, listener_id: webhook });
    const other = await t.newUser();
    await expectRejected(
      t,
      {
        name: "theirs",
        method: "DELETE",
        path: "/subscriptions",
        options: { key: other.key, query: { emitter_id: source, listener_id: webhook } },
        status: 404,
        error: /No subscription/,
      },
      expect,
    );
    expect((await t.call("GET", "/users/me/subscriptions")).body.data).toHaveLength(1);
  });
});

describe("POST /auto_subscriptions", () => {
  it("subscribes the listener to sources created later, not to existing ones", async () => {
    const { status, body } = await t.call("POST", "/auto_subscriptions", {
      query: { event_name: "$errors", listener_id: webhook },
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: expect.stringMatching(/^sub_/), listener_id: webhook, event_name: "$errors" });
    expect((await t.call("GET", "/users/me/subscriptions")).body.data).toEqual([]);
    const later = (await t.call("POST", "/sources", { body: { component_code: componentCode("", "Later") } })).body.data
      .id;
    const list = await t.call("GET", "/users/me/subscriptions");
    expect(list.body.data).toEqual([
      { id: expect.stringMatching(/^sub_/), emitter_id: later, listener_id: webhook, event_name: "$errors" },
    ]);
  });

  it.each<BadInput>([
    {
      name: "no event_name",
      method: "POST",
      path: "/auto_subscriptions",
      options: { query: { listener_id: "p_abc" } },
      status: 400,
      error: /event_name must be \$errors or \$logs/,
    },
    {
      name: "a custom channel",
      method: "POST",
      path: "/auto_subscriptions",
      options: { query: { event_name: "alerts", listener_id: "p_abc" } },
      status: 400,
      error: /event_name must be \$errors or \$logs/,
    },
    {
      name: "no listener_id",
      method: "POST",
      path: "/auto_subscriptions",
      options: { query: { event_name: "$logs" } },
      status: 400,
      error: /listener_id is required/,
    },
    {
      name: "an unknown webhook",
      method: "POST",
      path: "/auto_subscriptions",
      options: { query: { event_name: "$logs", listener_id: "wh_nope" } },
      status: 404,
      error: /No webhook/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });
});

describe("GET /workspaces/{id}/subscriptions", () => {
  it("answers 404 to a non-member", async () => {
    const other = await t.newUser();
    const { workspaceId } = t.demo();
    await expectRejected(
      t,
      {
        name: "outsider",
        method: "GET",
        path: `/workspaces/${workspaceId}/subscriptions`,
        options: { key: other.key },
        status: 404,
        error: /No workspace/,
      },
      expect,
    );
  });
});
