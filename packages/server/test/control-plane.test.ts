import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_TOKEN,
  type BadInput,
  componentCode,
  DEMO_KEY,
  expectRejected,
  startTestServer,
  type TestServer,
} from "./harness.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const admin = (path: string, body: unknown, key: string | null = ADMIN_TOKEN) =>
  ({ method: "POST", path: `/_tributary${path}`, options: { key, body } }) as const;

describe("control plane", () => {
  it("answers health without a token", async () => {
    const { status, body } = await t.call("GET", "/_tributary/health", { key: null });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { status: "ok" } });
  });

  it("creates users that can call the API with their key", async () => {
    const { status, body } = await t.admin("POST", "/users", { username: "ada", email: "ada@example.org" });
    expect(status).toBe(201);
    expect(body.data.user).toMatchObject({
      id: expect.stringMatching(/^u_/),
      username: "ada",
      email: "ada@example.org",
    });
    expect(body.data.api_key).toMatch(/^[0-9a-f]{48}$/);
    const me = await t.call("GET", "/users/me", { key: body.data.api_key });
    expect(me.body.data.id).toBe(body.data.user.id);
  });

  it("creates workspaces whose members see them", async () => {
    const user = await t.newUser();
    const { status, body } = await t.admin("POST", "/workspaces", { name: "Acme Corp", members: [user.id] });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ id: expect.stringMatching(/^o_/), name: "Acme Corp", orgname: "acme-corp" });
    const me = await t.call("GET", "/users/me", { key: user.key });
    expect(me.body.data.orgs.map((o: any) => o.id)).toEqual([body.data.id]);
  });

  it("publishes registry components, newer versions replacing older", async () => {
    const v1 = componentCode(`key: "cp-demo",`, "CP Demo").replace('"0.1.0"', '"1.0.0"');
    const first = await t.admin("POST", "/registry", { component_code: v1 });
    expect(first.status).toBe(201);
    const second = await t.admin("POST", "/registry", { component_code: v1.replace('"1.0.0"', '"1.1.0"') });
    expect(second.status).toBe(201);
    const { body } = await t.call("GET", "/components/registry/cp-demo");
    expect(body.data).toMatchObject({ id: second.body.data.id, version: "1.1.0" });
  });

  it("forgets everything but the demo account on reset", async () => {
    const user = await t.newUser();
    await t.call("POST", "/webhooks", { query: { url: "https://example.com" } });
    const { status } = await t.admin("POST", "/reset");
    expect(status).toBe(204);
    expect((await t.call("GET", "/users/me", { key: user.key })).status).toBe(401);
    const demo = await t.call("GET", "/users/me/webhooks", { key: DEMO_KEY });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual([]);
  });

  it.each<BadInput>([
    { name: "no admin token", ...admin("/users", {}, null), status: 401, error: /needs the admin token/ },
    { name: "a user's API key", ...admin("/users", {}, DEMO_KEY), status: 401, error: /needs the admin token/ },
    {
      name: "a reset without the token",
      ...admin("/reset", undefined, null),
      status: 401,
      error: /needs the admin token/,
    },
    {
      name: "a bad username",
      ...admin("/users", { username: "no spaces allowed" }),
      status: 400,
      error: /username must be 1 to 64 letters/,
    },
    {
      name: "a bad email",
      ...admin("/users", { email: "nope" }),
      status: 400,
      error: /email must be an email address/,
    },
    { name: "an unknown plan", ...admin("/users", { plan: "gold" }), status: 400, error: /plan must be free or paid/ },
    {
      name: "a short api_key",
      ...admin("/users", { api_key: "short" }),
      status: 400,
      error: /api_key must be at least 16 characters/,
    },
    {
      name: "a taken username",
      ...admin("/users", { username: "demo" }),
      status: 409,
      error: /username "demo" is taken/,
    },
    {
      name: "a taken api_key",
      ...admin("/users", { api_key: DEMO_KEY }),
      status: 409,
      error: /api_key belongs to another user/,
    },
    {
      name: "a workspace without a name",
      ...admin("/workspaces", { members: [] }),
      status: 400,
      error: /name is required/,
    },
    {
      name: "members that are not a list",
      ...admin("/workspaces", { name: "x", members: "u_1" }),
      status: 400,
      error: /members must be an array of user ids/,
    },
    {
      name: "a member that does not exist",
      ...admin("/workspaces", { name: "x", members: ["u_ghost"] }),
      status: 400,
      error: /members names u_ghost, which is not a user/,
    },
    {
      name: "registry code without a key",
      ...admin("/registry", { component_code: componentCode("") }),
      status: 400,
      error: /need a `key`/,
    },
    {
      name: "registry code without semver",
      ...admin("/registry", { component_code: componentCode(`key: "k1",`).replace('"0.1.0"', '"latest"') }),
      status: 400,
      error: /semantic version/,
    },
    {
      name: "registry code that does not parse",
      ...admin("/registry", { component_code: "export default {" }),
      status: 400,
      error: /does not parse/,
    },
    { name: "registry without code", ...admin("/registry", {}), status: 400, error: /component_code is required/ },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("refuses to publish the same key and version twice", async () => {
    const code = componentCode(`key: "twice",`).replace('"0.1.0"', '"3.0.0"');
    expect((await t.admin("POST", "/registry", { component_code: code })).status).toBe(201);
    await expectRejected(
      t,
      {
        name: "again",
        ...admin("/registry", { component_code: code }),
        status: 409,
        error: /twice@3.0.0 is already published/,
      },
      expect,
    );
  });
});
