/** Requests that race each other: each change sees the state the one before it left. */
import { createRuntime } from "@tributary/runtime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { componentCode, recording, startTestServer, type TestServer } from "./harness.js";

const runtime = recording(createRuntime({ timeoutMs: 1000 }));
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ runtime });
});
afterAll(async () => {
  await t.close();
  await runtime.close();
});
beforeEach(async () => {
  await t.server.reset();
  runtime.hooks.length = 0;
  runtime.tenants.length = 0;
});

/** Hooks that take a moment, so racing requests overlap; each emits its name. */
const SLOW = componentCode(
  `props: { db: "$.service.db" },
   hooks: {
     async activate() { await new Promise((r) => setTimeout(r, 30)); this.$emit({ hook: "activate" }); },
     async deactivate() { await new Promise((r) => setTimeout(r, 30)); this.$emit({ hook: "deactivate" }); },
   },`,
  "Slow",
);

async function slowSource() {
  const { body } = await t.call("POST", "/sources", { body: { component_code: SLOW } });
  runtime.hooks.length = 0;
  return body.data as { id: string; component_id: string };
}

describe("racing requests on one source", () => {
  it("applies two PUTs one after the other, so no change is lost and hooks alternate", async () => {
    const { id, component_id } = await slowSource();
    const [off, on] = await Promise.all([
      t.call("PUT", `/sources/${id}`, { body: { component_id, active: false, name: "Renamed" } }),
      t.call("PUT", `/sources/${id}`, { body: { component_id, active: true } }),
    ]);
    expect([off.status, on.status]).toEqual([200, 200]);
    expect(runtime.hooks).toEqual(["deactivate", "activate"]);
    const list = await t.call("GET", "/users/me/sources");
    expect(list.body.data[0]).toMatchObject({ id, name: "Renamed", name_slug: "renamed", active: true });
  });

  it("deletes once when two DELETEs race, running deactivate once", async () => {
    const { id } = await slowSource();
    const statuses = (await Promise.all([t.call("DELETE", `/sources/${id}`), t.call("DELETE", `/sources/${id}`)])).map(
      (r) => r.status,
    );
    expect(statuses).toEqual([204, 404]);
    expect(runtime.hooks).toEqual(["deactivate"]);
  });

  it("leaves nothing of a source behind when a DELETE races a PUT", async () => {
    const { id, component_id } = await slowSource();
    const [put, del] = await Promise.all([
      t.call("PUT", `/sources/${id}`, { body: { component_id } }),
      t.call("DELETE", `/sources/${id}`),
    ]);
    // Either may take the source first; whichever order, the DELETE wins in the end.
    expect(del.status).toBe(204);
    expect([200, 404]).toContain(put.status);
    expect(await t.server.services.store.db.get(id)).toEqual({});
    expect((await t.server.services.store.events.page(id, { limit: 10 })).total).toBe(0);
  });
});

describe("racing creates", () => {
  it("gives concurrent identical subscriptions one id", async () => {
    const { id } = await slowSource();
    const query = { emitter_id: id, listener_id: "p_abc" };
    const results = await Promise.all([1, 2, 3].map(() => t.call("POST", "/subscriptions", { query })));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect((await t.call("GET", "/users/me/subscriptions")).body.data).toHaveLength(1);
  });

  it("lets only one of two users claim the same API key", async () => {
    const body = { api_key: "contested-key-0123456789" };
    const results = await Promise.all([t.admin("POST", "/users", body), t.admin("POST", "/users", body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!.body.data.user.id;
    const me = await t.call("GET", "/users/me", { key: body.api_key });
    expect(me.body.data.id).toBe(winner);
  });

  it("gives concurrent sources with one name distinct slugs", async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => t.call("POST", "/sources", { body: { component_code: componentCode(""), name: "Same" } })),
    );
    expect(results.map((r) => r.body.data.name_slug).sort()).toEqual(["same", "same-1", "same-2"]);
  });
});

describe("tenancy of cursors and workspace subscriptions", () => {
  it("refuses another account's id as a cursor, as for an id that does not exist", async () => {
    const { id } = await slowSource();
    const other = await t.newUser();
    const theirs = await t.call("GET", "/users/me/sources", { key: other.key, query: { after: id } });
    const made_up = await t.call("GET", "/users/me/sources", { key: other.key, query: { after: "dc_madeup" } });
    expect([theirs.status, made_up.status]).toEqual([400, 400]);
    expect(theirs.body.error).toBe(made_up.body.error);
  });

  it("refuses a workspace subscription that names a member's personal source", async () => {
    const { id } = await slowSource();
    const { workspaceId } = t.demo();
    const { status, body } = await t.call("POST", "/subscriptions", {
      query: { emitter_id: id, listener_id: "p_abc", org_id: workspaceId },
    });
    expect(status).toBe(400);
    expect(body.error).toMatch(/may name only its own sources/);
    expect((await t.call("GET", `/workspaces/${workspaceId}/subscriptions`)).body.data).toEqual([]);
  });

  it("runs each owner's hooks in that owner's sandbox", async () => {
    await slowSource();
    const { workspaceId } = t.demo();
    await t.call("POST", "/sources", { query: { org_id: workspaceId }, body: { component_code: SLOW } });
    expect(new Set(runtime.tenants)).toEqual(new Set([t.demo().userId, workspaceId]));
  });
});
