import { createRuntime } from "@tributary/runtime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type BadInput,
  componentCode,
  expectRejected,
  ORIGIN,
  recording,
  startTestServer,
  type TestServer,
} from "./harness.js";

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
});

/** Hooks that emit their own name, so the event log shows which ran and in what order. */
const HOOKED = componentCode(
  `props: { db: "$.service.db", label: { type: "string", optional: true, default: "v1" } },
   hooks: {
     deploy() { this.$emit({ hook: "deploy", label: this.label }); this.db.set("deployed", true); },
     activate() { this.$emit({ hook: "activate", label: this.label, deployed: this.db.get("deployed") }); },
     deactivate() { this.$emit({ hook: "deactivate", label: this.label }); },
   },`,
  "Hooked",
);

const PROPS = componentCode(
  `props: {
     repo: { type: "string" },
     count: { type: "integer", min: 1, max: 10, optional: true },
     verbose: { type: "boolean", optional: true },
     filter: { type: "object", optional: true },
     color: { type: "string", options: ["red", { label: "Blue", value: "blue" }], optional: true },
     tags: { type: "string[]", optional: true },
     levels: { type: "integer[]", min: 0, max: 3, optional: true },
     anything: { type: "any", optional: true },
     github: { type: "app", app: "github", optional: true },
     timer: { type: "$.interface.timer", default: { intervalSeconds: 60 } },
     http: "$.interface.http",
     db: "$.service.db",
   },`,
  "Props",
);

async function hookLog(sourceId: string): Promise<string[]> {
  const { body } = await t.call("GET", `/sources/${sourceId}/event_summaries`, { query: { expand: "event" } });
  return body.data.map((e: any) => e.event.hook).reverse();
}

async function create(body: Record<string, unknown>, key?: string) {
  return t.call("POST", "/sources", { body, ...(key ? { key } : {}) });
}

describe("POST /sources", () => {
  it("deploys component code, runs deploy then activate, and answers with user_id", async () => {
    const { status, body } = await create({ component_code: HOOKED });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: expect.stringMatching(/^dc_/),
      user_id: t.demo().userId,
      component_id: expect.stringMatching(/^sc_/),
      configured_props: { label: "v1" },
      active: true,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      name: "hooked",
      name_slug: "hooked",
    });
    expect(runtime.hooks).toEqual(["deploy", "activate"]);
    expect(await hookLog(body.data.id)).toEqual(["deploy", "activate"]);
    // activate saw what deploy put in $.service.db
    const events = await t.call("GET", `/sources/${body.data.id}/event_summaries`, { query: { expand: "event" } });
    expect(events.body.data[0].event).toEqual({ hook: "activate", label: "v1", deployed: true });
  });

  it("saves the component it was given as code", async () => {
    const { body } = await create({ component_code: HOOKED });
    const component = await t.call("GET", `/components/${body.data.component_id}`);
    expect(component.body.data.code).toBe(HOOKED);
  });

  it("prefers component_id over code, and code over component_url", async () => {
    const saved = await t.call("POST", "/components", { body: { component_code: HOOKED } });
    const byId = await create({
      component_id: saved.body.data.id,
      component_code: componentCode("", "Ignored"),
      component_url: "http://127.0.0.1:1/ignored.js",
    });
    expect(byId.status).toBe(200);
    expect(byId.body.data.component_id).toBe(saved.body.data.id);
    const byCode = await create({
      component_code: componentCode("", "Code Wins"),
      component_url: "http://127.0.0.1:1/x.js",
    });
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.name).toBe("code-wins");
  });

  it("deploys a registry component named by key", async () => {
    const code = componentCode(`key: "reg-ticker",`, "Reg Ticker").replace('"0.1.0"', '"2.0.0"');
    const published = await t.admin("POST", "/registry", { component_code: code });
    const { status, body } = await create({ key: "reg-ticker" });
    expect(status).toBe(200);
    expect(body.data.component_id).toBe(published.body.data.id);
  });

  it("answers timers in the { cron, interval_seconds } form and HTTP interfaces with endpoint_url", async () => {
    const interval = await create({
      component_code: PROPS,
      configured_props: { repo: "a/b", timer: { intervalSeconds: 300 } },
    });
    expect(interval.status).toBe(200);
    const id = interval.body.data.id;
    expect(interval.body.data.configured_props).toEqual({
      repo: "a/b",
      timer: { cron: null, interval_seconds: 300 },
      http: { endpoint_url: `${ORIGIN}/http/${id}` },
    });
    const cron = await create({
      component_code: PROPS,
      configured_props: { repo: "a/b", timer: { cron: "*/5 * * * *" } },
    });
    expect(cron.body.data.configured_props.timer).toEqual({ cron: "*/5 * * * *", interval_seconds: 300 });
    const defaulted = await create({ component_code: PROPS, configured_props: { repo: "a/b" } });
    expect(defaulted.body.data.configured_props.timer).toEqual({ cron: null, interval_seconds: 60 });
  });

  it("accepts every valid kind of prop value", async () => {
    const props = {
      repo: "a/b",
      count: 10,
      verbose: false,
      filter: { a: 1 },
      color: "blue",
      tags: ["x", "y"],
      levels: [0, 3],
      anything: [1, "two"],
      github: { authProvisionId: "apn_123" },
    };
    const { status, body } = await create({ component_code: PROPS, configured_props: props });
    expect(status).toBe(200);
    expect(body.data.configured_props).toMatchObject(props);
  });

  it("auto-increments name_slug when the name is taken in the account", async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create({ component_code: HOOKED, name: "My Source!" })).body.data);
    expect(slugs.map((s) => [s.name, s.name_slug])).toEqual([
      ["My Source!", "my-source"],
      ["My Source!", "my-source-1"],
      ["My Source!", "my-source-2"],
    ]);
    // Another account has its own slugs.
    const other = await t.newUser();
    const theirs = await create({ component_code: HOOKED, name: "My Source!" }, other.key);
    expect(theirs.body.data.name_slug).toBe("my-source");
  });

  it("stores nothing when a hook throws, and answers with the hook's message", async () => {
    const code = componentCode(`hooks: { deploy() {}, activate() { throw new Error("token expired"); } },`);
    const before = t.writes();
    const { status, body } = await create({ component_code: code });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "component_failed", error: "The activate hook threw: token expired" });
    expect(body.component_stack).toMatch(/token expired/);
    expect(t.writes()).toBe(before);
    expect((await t.call("GET", "/users/me/sources")).body.page_info.total_count).toBe(0);
  });

  it("creates workspace sources with org_id and lists them per workspace", async () => {
    const { workspaceId } = t.demo();
    const created = await t.call("POST", "/sources", {
      query: { org_id: workspaceId },
      body: { component_code: HOOKED },
    });
    expect(created.status).toBe(200);
    const org = await t.call("GET", `/orgs/${workspaceId}/sources`);
    expect(org.body.data.map((s: any) => s.id)).toEqual([created.body.data.id]);
    expect(org.body.data[0]).not.toHaveProperty("user_id");
    const mine = await t.call("GET", "/users/me/sources");
    expect(mine.body.page_info.total_count).toBe(0);
  });

  const tooBig = "x".repeat(64 * 1024 + 1);
  it.each<BadInput>([
    {
      name: "no component",
      method: "POST",
      path: "/sources",
      options: { body: { name: "x" } },
      status: 400,
      error: /One of component_id, component_code, component_url or key is required/,
    },
    {
      name: "a malformed component_id",
      method: "POST",
      path: "/sources",
      options: { body: { component_id: "dc_1" } },
      status: 400,
      error: /component_id must be a saved component id/,
    },
    {
      name: "an unknown component_id",
      method: "POST",
      path: "/sources",
      options: { body: { component_id: "sc_nope" } },
      status: 404,
      error: /No component with id "sc_nope"/,
    },
    {
      name: "an unknown registry key",
      method: "POST",
      path: "/sources",
      options: { body: { key: "no-such-key" } },
      status: 404,
      error: /No published component/,
    },
    {
      name: "a name that is not a string",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, name: 5 } },
      status: 400,
      error: /name must be a non-empty string/,
    },
    {
      name: "an empty name",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, name: "" } },
      status: 400,
      error: /name must be a non-empty string/,
    },
    {
      name: "configured_props that is an array",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: [] } },
      status: 400,
      error: /configured_props must be an object/,
    },
    {
      name: "a missing required prop",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: {} } },
      status: 400,
      error: /configured_props.repo is required/,
    },
    {
      name: "a string prop given a number",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: 1 } } },
      status: 400,
      error: /configured_props.repo must be a string/,
    },
    {
      name: "a fractional integer",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", count: 1.5 } } },
      status: 400,
      error: /configured_props.count must be an integer/,
    },
    {
      name: "an integer under min",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", count: 0 } } },
      status: 400,
      error: /configured_props.count must be at least 1/,
    },
    {
      name: "an integer over max",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", count: 11 } } },
      status: 400,
      error: /configured_props.count must be at most 10/,
    },
    {
      name: "a boolean given a string",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", verbose: "yes" } } },
      status: 400,
      error: /configured_props.verbose must be true or false/,
    },
    {
      name: "an object given an array",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", filter: [1] } } },
      status: 400,
      error: /configured_props.filter must be an object/,
    },
    {
      name: "a value outside the options",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", color: "green" } } },
      status: 400,
      error: /configured_props.color must be one of "red", "blue"/,
    },
    {
      name: "an array prop given a string",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", tags: "x" } } },
      status: 400,
      error: /configured_props.tags must be an array/,
    },
    {
      name: "a bad array element",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", levels: [1, 4] } } },
      status: 400,
      error: /configured_props.levels\[1\] must be at most 3/,
    },
    {
      name: "an app prop given a string",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", github: "token" } } },
      status: 400,
      error: /configured_props.github must be an object/,
    },
    {
      name: "a timer with a zero interval",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", timer: { intervalSeconds: 0 } } } },
      status: 400,
      error: /configured_props.timer must be \{ intervalSeconds/,
    },
    {
      name: "a cron that never runs",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", timer: { cron: "0 0 30 2 *" } } } },
      status: 400,
      error: /cron expression that never runs/,
    },
    {
      name: "a timer with a bad cron",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", timer: { cron: "every day" } } } },
      status: 400,
      error: /cron expression that does not parse/,
    },
    {
      name: "a value for a db prop",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", db: {} } } },
      status: 400,
      error: /\$\.service\.db prop and takes no value/,
    },
    {
      name: "a value for an HTTP interface",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", http: "https://x" } } },
      status: 400,
      error: /HTTP interface and takes no value/,
    },
    {
      name: "an unknown prop",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: "a", rep: "b" } } },
      status: 400,
      error: /configured_props.rep is not a prop of this component/,
    },
    {
      name: "a prop value over 64 KB",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, configured_props: { repo: tooBig } } },
      status: 400,
      error: /limited to 64 KB/,
    },
    {
      name: "an action",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: 'export default { name: "act", version: "1", type: "action", run() {} }' } },
      status: 400,
      error: /is an action; only sources can be deployed/,
    },
    {
      name: "an unknown field",
      method: "POST",
      path: "/sources",
      options: { body: { component_code: PROPS, props: {} } },
      status: 400,
      error: /Unknown parameter props/,
    },
    {
      name: "an org_id the user is not in",
      method: "POST",
      path: "/sources",
      options: { query: { org_id: "o_other" }, body: { component_code: HOOKED } },
      status: 404,
      error: /No workspace/,
    },
    {
      name: "org_id and workspace_id that differ",
      method: "POST",
      path: "/sources",
      options: { query: { org_id: "o_aaa" }, body: { component_code: HOOKED, workspace_id: "o_bbb" } },
      status: 400,
      error: /name different workspaces/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("accepts a prop value of exactly 64 KB of raw text, counting a string's characters, not its JSON", async () => {
    const exact = "x".repeat(64 * 1024);
    expect((await create({ component_code: PROPS, configured_props: { repo: exact } })).status).toBe(200);
    // 40 KB of newlines is 80 KB of JSON escapes but 40 KB of raw text.
    const newlines = "\n".repeat(40 * 1024);
    expect((await create({ component_code: PROPS, configured_props: { repo: newlines } })).status).toBe(200);
    // Other values count as their JSON.
    const big = { filter: { blob: "y".repeat(64 * 1024) } };
    const refused = await create({ component_code: PROPS, configured_props: { repo: "a", ...big } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/configured_props.filter is 65547 bytes/);
  });

  it("refuses another account's component_id with 404", async () => {
    const other = await t.newUser();
    const theirs = await t.call("POST", "/components", { key: other.key, body: { component_code: HOOKED } });
    await expectRejected(
      t,
      {
        name: "theirs",
        method: "POST",
        path: "/sources",
        options: { body: { component_id: theirs.body.data.id } },
        status: 404,
        error: /No component/,
      },
      expect,
    );
  });
});

describe("PUT /sources/{id}", () => {
  it("runs deactivate with the old code, then activate with the new, and keeps the id", async () => {
    const created = (await create({ component_code: HOOKED, name: "Keep Me" })).body.data;
    runtime.hooks.length = 0;
    const v2 = HOOKED.replace('default: "v1"', 'default: "v2"');
    const { status, body } = await t.call("PUT", `/sources/${created.id}`, { body: { component_code: v2 } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: created.id,
      user_id: t.demo().userId,
      active: true,
      name: "Keep Me",
      name_slug: "keep-me",
    });
    expect(body.data.component_id).not.toBe(created.component_id);
    expect(runtime.hooks).toEqual(["deactivate", "activate"]);
    const events = await t.call("GET", `/sources/${created.id}/event_summaries`, { query: { expand: "event" } });
    expect(events.body.data.slice(0, 2).map((e: any) => [e.event.hook, e.event.label])).toEqual([
      ["activate", "v1"], // the stored props keep their value; the new default applies only to unset props
      ["deactivate", "v1"],
    ]);
  });

  it("disables with active false (deactivate only) and enables with active true (activate only)", async () => {
    const { id, component_id } = (await create({ component_code: HOOKED })).body.data;
    runtime.hooks.length = 0;
    const off = await t.call("PUT", `/sources/${id}`, { body: { component_id, active: false } });
    expect(off.body.data.active).toBe(false);
    expect(runtime.hooks).toEqual(["deactivate"]);
    const stillOff = await t.call("PUT", `/sources/${id}`, { body: { component_id, active: false } });
    expect(stillOff.body.data.active).toBe(false);
    expect(runtime.hooks).toEqual(["deactivate"]);
    const on = await t.call("PUT", `/sources/${id}`, { body: { component_id, active: true } });
    expect(on.body.data.active).toBe(true);
    expect(runtime.hooks).toEqual(["deactivate", "activate"]);
    const list = await t.call("GET", "/users/me/sources");
    expect(list.body.data[0].active).toBe(true);
  });

  it("defaults active to true, as the spec says", async () => {
    const { id, component_id } = (await create({ component_code: HOOKED })).body.data;
    await t.call("PUT", `/sources/${id}`, { body: { component_id, active: false } });
    const { body } = await t.call("PUT", `/sources/${id}`, { body: { component_id } });
    expect(body.data.active).toBe(true);
  });

  it("replaces configured props when given and renames with a new slug", async () => {
    const { id, component_id } = (await create({ component_code: HOOKED })).body.data;
    const { body } = await t.call("PUT", `/sources/${id}`, {
      body: { component_id, configured_props: { label: "changed" }, name: "Renamed" },
    });
    expect(body.data).toMatchObject({ configured_props: { label: "changed" }, name: "Renamed", name_slug: "renamed" });
  });

  it("keeps the slug when a rename slugs the same", async () => {
    const { id, component_id } = (await create({ component_code: HOOKED, name: "My Source" })).body.data;
    const { body } = await t.call("PUT", `/sources/${id}`, { body: { component_id, name: "my source" } });
    expect(body.data).toMatchObject({ name: "my source", name_slug: "my-source" });
  });

  it("changes nothing when a hook throws", async () => {
    const { id, component_id } = (await create({ component_code: HOOKED })).body.data;
    const broken = componentCode(`hooks: { activate() { throw new Error("cannot start"); } },`);
    const before = t.writes();
    const { status, body } = await t.call("PUT", `/sources/${id}`, { body: { component_code: broken } });
    expect(status).toBe(400);
    expect(body.error).toBe("The activate hook threw: cannot start");
    expect(t.writes()).toBe(before);
    const list = await t.call("GET", "/users/me/sources");
    expect(list.body.data[0]).toMatchObject({ id, component_id, active: true });
  });

  it.each<BadInput>([
    {
      name: "no component",
      method: "PUT",
      path: "/sources/dc_x",
      options: { body: { name: "x" } },
      status: 400,
      error: /one of component_id, component_code or component_url is required/,
    },
    {
      name: "a non-boolean active",
      method: "PUT",
      path: "/sources/dc_x",
      options: { body: { component_code: HOOKED, active: "off" } },
      status: 400,
      error: /active must be true or false/,
    },
    {
      name: "an unknown source",
      method: "PUT",
      path: "/sources/dc_missing",
      options: { body: { component_code: HOOKED } },
      status: 404,
      error: /No source with id "dc_missing"/,
    },
    {
      name: "a non-source id",
      method: "PUT",
      path: "/sources/wh_1",
      options: { body: { component_code: HOOKED } },
      status: 404,
      error: /No source/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("answers 404 for another account's source and leaves it alone", async () => {
    const other = await t.newUser();
    const theirs = (await create({ component_code: HOOKED }, other.key)).body.data;
    await expectRejected(
      t,
      {
        name: "theirs",
        method: "PUT",
        path: `/sources/${theirs.id}`,
        options: { body: { component_code: HOOKED, active: false } },
        status: 404,
        error: /No source/,
      },
      expect,
    );
    await expectRejected(
      t,
      { name: "theirs", method: "DELETE", path: `/sources/${theirs.id}`, status: 404, error: /No source/ },
      expect,
    );
  });
});

describe("DELETE /sources/{id}", () => {
  it("runs deactivate, then removes the source, its events and its subscriptions", async () => {
    const { id } = (await create({ component_code: HOOKED })).body.data;
    const hook = await t.call("POST", "/webhooks", { query: { url: "https://example.com/in" } });
    await t.call("POST", "/subscriptions", { query: { emitter_id: id, listener_id: hook.body.data.id } });
    runtime.hooks.length = 0;
    const { status, body } = await t.call("DELETE", `/sources/${id}`);
    expect(status).toBe(204);
    expect(body).toBeNull();
    expect(runtime.hooks).toEqual(["deactivate"]);
    expect((await t.call("GET", "/users/me/sources")).body.page_info.total_count).toBe(0);
    expect((await t.call("GET", `/sources/${id}/event_summaries`)).status).toBe(404);
    expect((await t.call("GET", "/users/me/subscriptions")).body.data).toEqual([]);
    expect((await t.call("DELETE", `/sources/${id}`)).status).toBe(404);
  });

  it("skips deactivate for an inactive source", async () => {
    const { id, component_id } = (await create({ component_code: HOOKED })).body.data;
    await t.call("PUT", `/sources/${id}`, { body: { component_id, active: false } });
    runtime.hooks.length = 0;
    expect((await t.call("DELETE", `/sources/${id}`)).status).toBe(204);
    expect(runtime.hooks).toEqual([]);
  });

  it("deletes even when deactivate throws something that cannot be printed", async () => {
    const code = componentCode(
      `hooks: { deactivate() { throw new Proxy({}, { get() { throw new Error("no"); } }); } },`,
    );
    const { id } = (await create({ component_code: code })).body.data;
    const { status, headers } = await t.call("DELETE", `/sources/${id}`);
    expect(status).toBe(204);
    expect(decodeURIComponent(headers.get("tributary-hook-error") ?? "")).toBe(
      "The deactivate hook threw: <unprintable error>",
    );
    expect((await t.call("GET", "/users/me/sources")).body.page_info.total_count).toBe(0);
  });

  it("deletes even when deactivate throws, and reports the hook's error in a header", async () => {
    const code = componentCode(`hooks: { deactivate() { throw new Error("cleanup failed"); } },`);
    const { id } = (await create({ component_code: code })).body.data;
    const { status, headers } = await t.call("DELETE", `/sources/${id}`);
    expect(status).toBe(204);
    expect(decodeURIComponent(headers.get("tributary-hook-error") ?? "")).toBe(
      "The deactivate hook threw: cleanup failed",
    );
    expect((await t.call("GET", "/users/me/sources")).body.page_info.total_count).toBe(0);
  });
});
