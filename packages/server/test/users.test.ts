import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BadInput, componentCode, expectRejected, startTestServer, type TestServer } from "./harness.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("GET /users/me", () => {
  it("answers the free-plan form with the user's workspaces", async () => {
    const { status, body } = await t.call("GET", "/users/me");
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: t.demo().userId,
      username: "demo",
      email: "demo@example.com",
      daily_compute_time_quota: 1800,
      daily_compute_time_used: 0,
      daily_invocations_quota: 10000,
      daily_invocations_used: 0,
      orgs: [
        {
          id: t.demo().workspaceId,
          orgname: "demo-workspace",
          name: "Demo Workspace",
          email: "demo-workspace@example.com",
          daily_credits_quota: 1000,
          daily_credits_used: 0,
        },
      ],
    });
  });

  it("answers the paid form with the current billing period", async () => {
    const paid = await t.newUser({ username: "payer", plan: "paid" });
    const { body } = await t.call("GET", "/users/me", { key: paid.key });
    expect(Object.keys(body.data).sort()).toEqual(
      ["billing_period_credits", "billing_period_end_ts", "billing_period_start_ts", "email", "id", "username"].sort(),
    );
    const now = Date.now() / 1000;
    expect(body.data.billing_period_start_ts).toBeLessThanOrEqual(now);
    expect(body.data.billing_period_end_ts).toBeGreaterThan(now);
  });
});

describe("GET /workspaces/{id} and GET /orgs/{id}/sources", () => {
  it("answers a workspace to its members and 404 to everyone else", async () => {
    const { workspaceId } = t.demo();
    const { status, body } = await t.call("GET", `/workspaces/${workspaceId}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: workspaceId, name: "Demo Workspace", daily_credits_quota: 1000 });
    const outsider = await t.newUser();
    for (const path of [`/workspaces/${workspaceId}`, `/orgs/${workspaceId}/sources`]) {
      await expectRejected(
        t,
        { name: path, method: "GET", path, options: { key: outsider.key }, status: 404, error: /No workspace/ },
        expect,
      );
    }
    await expectRejected(
      t,
      { name: "missing", method: "GET", path: "/workspaces/o_missing", status: 404, error: /No workspace/ },
      expect,
    );
  });

  it("lets every member see and change the workspace's sources", async () => {
    const member = await t.newUser();
    const workspace = await t.newWorkspace("Team", [t.demo().userId, member.id]);
    const created = await t.call("POST", "/sources", {
      query: { org_id: workspace.id },
      body: { component_code: componentCode("") },
    });
    const seen = await t.call("GET", `/orgs/${workspace.id}/sources`, { key: member.key });
    expect(seen.body.data.map((s: any) => s.id)).toEqual([created.body.data.id]);
    const { status } = await t.call("PUT", `/sources/${created.body.data.id}`, {
      key: member.key,
      body: { component_id: created.body.data.component_id, active: false },
    });
    expect(status).toBe(200);
  });
});

describe("paginated lists", () => {
  it("walks every source of an account forwards and backwards", async () => {
    const user = await t.newUser();
    const ids: string[] = [];
    const component = await t.call("POST", "/components", {
      key: user.key,
      body: { component_code: componentCode("") },
    });
    for (let i = 0; i < 23; i++) {
      const { body } = await t.call("POST", "/sources", {
        key: user.key,
        body: { component_id: component.body.data.id },
      });
      ids.push(body.data.id);
    }
    const first = await t.call("GET", "/users/me/sources", { key: user.key });
    expect(first.body.page_info).toEqual({ total_count: 23, count: 10, start_cursor: ids[0], end_cursor: ids[9] });
    const forwards: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 5; guard++) {
      const { body } = await t.call("GET", "/users/me/sources", { key: user.key, query: { limit: 7, after } });
      forwards.push(...body.data.map((s: any) => s.id));
      if (body.page_info.count < 7) break;
      after = body.page_info.end_cursor;
    }
    expect(forwards).toEqual(ids);
    const before = await t.call("GET", "/users/me/sources", { key: user.key, query: { limit: 5, before: ids[12] } });
    expect(before.body.data.map((s: any) => s.id)).toEqual(ids.slice(7, 12));
    const between = await t.call("GET", "/users/me/sources", {
      key: user.key,
      query: { after: ids[2], before: ids[6] },
    });
    expect(between.body.data.map((s: any) => s.id)).toEqual(ids.slice(3, 6));
  });

  it("keeps a deleted source's id usable as a cursor", async () => {
    const user = await t.newUser();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(
        (await t.call("POST", "/sources", { key: user.key, body: { component_code: componentCode("") } })).body.data.id,
      );
    }
    await t.call("DELETE", `/sources/${ids[1]}`, { key: user.key });
    const { body } = await t.call("GET", "/users/me/sources", { key: user.key, query: { after: ids[1] } });
    expect(body.data.map((s: any) => s.id)).toEqual(ids.slice(2));
  });

  it.each<BadInput>([
    {
      name: "limit 0",
      method: "GET",
      path: "/users/me/sources",
      options: { query: { limit: 0 } },
      status: 400,
      error: /limit must be an integer from 1 to 100/,
    },
    {
      name: "limit 101",
      method: "GET",
      path: "/users/me/sources",
      options: { query: { limit: 101 } },
      status: 400,
      error: /limit must be an integer from 1 to 100/,
    },
    {
      name: "limit 2.5",
      method: "GET",
      path: "/users/me/webhooks",
      options: { query: { limit: "2.5" } },
      status: 400,
      error: /limit must be an integer/,
    },
    {
      name: "an unknown after cursor",
      method: "GET",
      path: "/users/me/sources",
      options: { query: { after: "dc_nope" } },
      status: 400,
      error: /after is not a cursor of this list/,
    },
    {
      name: "an unknown before cursor",
      method: "GET",
      path: "/users/me/webhooks",
      options: { query: { before: "zzz" } },
      status: 400,
      error: /before is not a cursor of this list/,
    },
    {
      name: "limit 101 on a workspace",
      method: "GET",
      path: "/orgs/o_x/sources",
      options: { query: { limit: 101 } },
      status: 400,
      error: /limit must be/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });
});
