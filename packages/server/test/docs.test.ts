/** Keeps the guides honest: their tables and examples are checked against the server. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS } from "../src/index.js";
import { startTestServer, type TestServer } from "./harness.js";

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), "utf8");

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("docs/spec-choices.md", () => {
  it("lists every error code with its status", () => {
    const rows = [...read("docs/spec-choices.md").matchAll(/^\| `([a-z_]+)`\s*\| (\d{3})\s*\|/gm)];
    expect(Object.fromEntries(rows.map(([, code, status]) => [code, Number(status)]))).toEqual(ERROR_STATUS);
  });
});

describe("README tour", () => {
  const bodies = [...read("README.md").matchAll(/ -d '(\{[\s\S]*?\})'/g)].map(([, json]) => JSON.parse(json!));

  it("saves the component and deploys the source it shows, whose deploy hook emits", async () => {
    expect(bodies).toHaveLength(2);
    const component = await t.call("POST", "/components", { body: bodies[0] });
    expect(component.status).toBe(200);
    expect(component.body.data.configurable_props.map((p: any) => p.name)).toEqual(["who", "db"]);
    const source = await t.call("POST", "/sources", { body: bodies[1] });
    expect(source.status).toBe(200);
    const events = await t.call("GET", `/sources/${source.body.data.id}/event_summaries`, {
      query: { expand: "event" },
    });
    expect(events.body.data[0].event).toEqual({ hello: "world" });
  });

  it("shows the error the server really sends for limit=500", async () => {
    const shown = /# (\{"error":"[^"]+","code":"[a-z_]+","param":"limit")/.exec(read("README.md"))?.[1];
    const { body } = await t.call("GET", "/users/me/sources", { query: { limit: 500 } });
    expect(JSON.stringify(body).startsWith(shown!)).toBe(true);
  });
});

describe("docs/control-plane.md", () => {
  it("creates the user its example creates", async () => {
    const example = /-d '(\{"username":[^']+\})'/.exec(read("docs/control-plane.md"))?.[1];
    const { status, body } = await t.admin("POST", "/users", JSON.parse(example!));
    expect(status).toBe(201);
    expect(body.data.user).toHaveProperty("billing_period_credits");
  });
});
