import { createHash } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BadInput, componentCode, expectRejected, startTestServer, type TestServer } from "./harness.js";

let t: TestServer;
let codeServer: Server;
let codeOrigin: string;
const served = componentCode(`key: "from-url",`, "From URL");

beforeAll(async () => {
  t = await startTestServer();
  codeServer = createHttpServer((req, res) => {
    if (req.url === "/component.js") res.writeHead(200, { "content-type": "text/javascript" }).end(served);
    else if (req.url === "/moved") res.writeHead(302, { location: "/component.js" }).end();
    else if (req.url === "/big") res.writeHead(200).end("x".repeat(2 * 1024 * 1024));
    else if (req.url === "/slow") setTimeout(() => res.writeHead(200).end(served), 5000).unref();
    else res.writeHead(404).end("missing");
  });
  await new Promise<void>((resolve) => codeServer.listen(0, "127.0.0.1", resolve));
  codeOrigin = `http://127.0.0.1:${(codeServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  codeServer.closeAllConnections();
  await new Promise((resolve) => codeServer.close(resolve));
  await t.close();
});

const STARS = `
export default {
  name: "New Stars",
  key: "new-stars",
  version: "0.3.1",
  props: {
    repo: { type: "string", label: "Repository", description: "owner/name" },
    timer: { type: "$.interface.timer", default: { intervalSeconds: 900 } },
    db: "$.service.db",
  },
  async run() {},
};`;

describe("POST /components", () => {
  it("evaluates the code and describes the component", async () => {
    const { status, body } = await t.call("POST", "/components", { body: { component_code: STARS } });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: expect.stringMatching(/^sc_[0-9A-Za-z]+$/),
      code: STARS,
      code_hash: createHash("sha256").update(STARS).digest("hex"),
      name: "New Stars",
      version: "0.3.1",
      configurable_props: [
        { name: "repo", type: "string", label: "Repository", description: "owner/name" },
        { name: "timer", type: "$.interface.timer", default: { intervalSeconds: 900 } },
        { name: "db", type: "$.service.db" },
      ],
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(Math.abs(body.data.created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it("fetches component_url when no code is given", async () => {
    const { status, body } = await t.call("POST", "/components", {
      body: { component_url: `${codeOrigin}/component.js` },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ name: "From URL", code: served });
  });

  it("follows a redirect of component_url", async () => {
    const { status, body } = await t.call("POST", "/components", { body: { component_url: `${codeOrigin}/moved` } });
    expect(status).toBe(200);
    expect(body.data.name).toBe("From URL");
  });

  it("uses the code and keeps the URL only as metadata when both are given", async () => {
    const { status, body } = await t.call("POST", "/components", {
      body: { component_code: STARS, component_url: `${codeOrigin}/does-not-exist` },
    });
    expect(status).toBe(200);
    expect(body.data.name).toBe("New Stars");
  });

  it("stops a top level that loops forever and keeps answering everyone else", async () => {
    const hung = t.call("POST", "/components", { body: { component_code: "for (;;) {}\nexport default {}" } });
    const started = Date.now();
    const others = await Promise.all([t.call("GET", "/users/me"), t.call("GET", "/users/me/sources")]);
    expect(others.map((r) => r.status)).toEqual([200, 200]);
    expect(Date.now() - started).toBeLessThan(500);
    const { status, body } = await hung;
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "component_timeout", error: expect.stringMatching(/1000 ms limit/) });
  });

  it("stops an endless loop after an await at the top level's hooks as well", async () => {
    const code = componentCode(`hooks: { async deploy() { await null; for (;;) {} } },`);
    const { status, body } = await t.call("POST", "/sources", { body: { component_code: code } });
    expect(status).toBe(400);
    expect(body.code).toBe("component_timeout");
  });

  it.each<BadInput>([
    {
      name: "no code and no URL",
      method: "POST",
      path: "/components",
      options: { body: {} },
      status: 400,
      error: /component_code or component_url is required/,
    },
    {
      name: "code that is not a string",
      method: "POST",
      path: "/components",
      options: { body: { component_code: 42 } },
      status: 400,
      error: /component_code must be a string/,
    },
    {
      name: "empty code",
      method: "POST",
      path: "/components",
      options: { body: { component_code: "" } },
      status: 400,
      error: /must not be empty/,
    },
    {
      name: "an unknown field",
      method: "POST",
      path: "/components",
      options: { body: { component_code: STARS, componentCode: "x" } },
      status: 400,
      error: /Unknown parameter componentCode/,
    },
    {
      name: "a syntax error",
      method: "POST",
      path: "/components",
      options: { body: { component_code: "export default { name: 'x', " } },
      status: 400,
      error: /does not parse at line 1/,
    },
    {
      name: "a missing name",
      method: "POST",
      path: "/components",
      options: { body: { component_code: 'export default { version: "1", run() {} }' } },
      status: 400,
      error: /`name`/,
    },
    {
      name: "a missing version",
      method: "POST",
      path: "/components",
      options: { body: { component_code: 'export default { name: "x", run() {} }' } },
      status: 400,
      error: /`version`/,
    },
    {
      name: "a missing run",
      method: "POST",
      path: "/components",
      options: { body: { component_code: 'export default { name: "x", version: "1" }' } },
      status: 400,
      error: /`run` method/,
    },
    {
      name: "code that throws while loading",
      method: "POST",
      path: "/components",
      options: { body: { component_code: 'throw new TypeError("bad config")' } },
      status: 400,
      error: /threw while loading: bad config/,
    },
    {
      name: "a URL with another protocol",
      method: "POST",
      path: "/components",
      options: { body: { component_url: "ftp://example.com/c.js" } },
      status: 400,
      error: /http or https URL/,
    },
    {
      name: "a URL nobody answers",
      method: "POST",
      path: "/components",
      options: { body: { component_url: "http://127.0.0.1:1/x.js" } },
      status: 400,
      error: /Could not fetch component_url/,
    },
    {
      name: "an org_id the user is not in",
      method: "POST",
      path: "/components",
      options: { query: { org_id: "o_nothere" }, body: { component_code: STARS } },
      status: 404,
      error: /No workspace/,
    },
  ])("refuses $name", async (row) => {
    await expectRejected(t, row, expect);
  });

  it("refuses a URL that answers 404, oversize code and a slow server", async () => {
    for (const [path, message] of [
      ["/missing", /answered 404/],
      ["/big", /larger than 1048576 bytes/],
    ] as const) {
      await expectRejected(
        t,
        {
          name: path,
          method: "POST",
          path: "/components",
          options: { body: { component_url: `${codeOrigin}${path}` } },
          status: 400,
          error: message,
        },
        expect,
      );
    }
  });

  it("gives up on a component_url that does not answer in time", async () => {
    const quick = await startTestServer({ componentUrl: { timeoutMs: 200 } });
    try {
      const { status, body } = await quick.call("POST", "/components", {
        body: { component_url: `${codeOrigin}/slow` },
      });
      expect(status).toBe(400);
      expect(body.error).toMatch(/no answer within 200 ms/);
    } finally {
      await quick.close();
    }
  });
});

describe("GET /components/{key|id}", () => {
  it("finds a component by id and by key, newest first", async () => {
    const first = await t.call("POST", "/components", { body: { component_code: STARS } });
    const newer = STARS.replace('"0.3.1"', '"0.4.0"');
    const second = await t.call("POST", "/components", { body: { component_code: newer } });
    const byId = await t.call("GET", `/components/${first.body.data.id}`);
    expect(byId.body.data).toEqual(first.body.data);
    const byKey = await t.call("GET", "/components/new-stars");
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.id).toBe(second.body.data.id);
    expect(byKey.body.data.version).toBe("0.4.0");
  });

  it("answers 404 for another account's component, as for a missing one", async () => {
    const other = await t.newUser();
    const mine = await t.call("POST", "/components", { body: { component_code: STARS } });
    for (const path of [`/components/${mine.body.data.id}`, "/components/new-stars"]) {
      await expectRejected(
        t,
        { name: path, method: "GET", path, options: { key: other.key }, status: 404, error: /No component/ },
        expect,
      );
    }
    await expectRejected(
      t,
      { name: "missing", method: "GET", path: "/components/sc_missing", status: 404, error: /No component/ },
      expect,
    );
  });

  it("shares components with members of the workspace that owns them", async () => {
    const member = await t.newUser();
    const outsider = await t.newUser();
    const workspace = await t.newWorkspace("Shared", [t.demo().userId, member.id]);
    const created = await t.call("POST", "/components", {
      query: { org_id: workspace.id },
      body: { component_code: STARS },
    });
    expect(created.status).toBe(200);
    expect((await t.call("GET", `/components/${created.body.data.id}`, { key: member.key })).status).toBe(200);
    expect((await t.call("GET", `/components/${created.body.data.id}`, { key: outsider.key })).status).toBe(404);
  });
});

describe("GET /components/registry/{key}", () => {
  it("serves published components to every account", async () => {
    const code = componentCode(`key: "registry-demo",`, "Registry Demo").replace('"0.1.0"', '"1.2.3"');
    const published = await t.admin("POST", "/registry", { component_code: code });
    expect(published.status).toBe(201);
    const other = await t.newUser();
    const { status, body } = await t.call("GET", "/components/registry/registry-demo", { key: other.key });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: published.body.data.id, name: "Registry Demo", version: "1.2.3" });
  });

  it("answers 404 for an unpublished key", async () => {
    await expectRejected(
      t,
      {
        name: "unpublished",
        method: "GET",
        path: "/components/registry/nothing-here",
        status: 404,
        error: /No published component/,
      },
      expect,
    );
  });
});
