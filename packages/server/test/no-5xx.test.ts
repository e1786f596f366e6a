/**
 * Sweeps every endpoint with malformed input: wrong types, odd strings, nested objects, huge
 * values. Whatever the input, the answer is a 2xx or a 4xx with a JSON error, never a 5xx.
 */
import { endpoints } from "@tributary/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, componentCode, startTestServer, type TestServer } from "./harness.js";

const PARAMS = [
  "component_code",
  "component_url",
  "component_id",
  "name",
  "configured_props",
  "key",
  "active",
  "include",
  "exclude",
  "workspace_id",
  "org_id",
  "limit",
  "after",
  "before",
  "expand",
  "start_id",
  "end_id",
  "emitter_id",
  "listener_id",
  "event_name",
  "url",
  "description",
  "username",
  "email",
  "plan",
  "members",
  "api_key",
];
const QUERY_VALUES = ["", "💥", "x".repeat(5000), "-1", "1e309", "%", "dc_*", "o_"];
const BODY_VALUES: unknown[] = [null, 0, -1.5, true, [], [1, [2]], { a: { b: { c: {} } } }, "💥", "x".repeat(70_000)];
const PATH_VALUES = ["x", "dc_", "%25", "💥", "a".repeat(300), "sc_..", "p_*"];

let t: TestServer;
let sourceId: string;
beforeAll(async () => {
  t = await startTestServer({ logFault: (error) => console.error("FAULT", error) });
  sourceId = (await t.call("POST", "/sources", { body: { component_code: componentCode("") } })).body.data.id;
});
afterAll(() => t.close());

function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

async function expectNo5xx(method: string, path: string, options: Parameters<TestServer["call"]>[2]) {
  const result = await t.call(method, path, options);
  expect(
    result.status,
    `${method} ${path} ${JSON.stringify(options).slice(0, 200)} -> ${JSON.stringify(result.body)}`,
  ).toBeLessThan(500);
  if (result.status >= 400) expect(result.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
}

describe("no input produces a 5xx", () => {
  for (const endpoint of endpoints) {
    const key = endpoint.auth === "admin_token" ? ADMIN_TOKEN : undefined;
    const path = endpoint.path;
    const method = endpoint.method.toUpperCase();
    const withKey = key ? { key } : {};

    it(`${method} ${endpoint.path} with odd path segments`, async () => {
      for (const value of [...PATH_VALUES, sourceId]) await expectNo5xx(method, fill(path, value), withKey);
    });

    it(`${method} ${endpoint.path} with odd query parameters`, async () => {
      for (const name of PARAMS) {
        for (const value of QUERY_VALUES) {
          await expectNo5xx(method, fill(path, sourceId), { ...withKey, query: { [name]: value } });
        }
      }
    });

    if (method === "POST" || method === "PUT") {
      it(`${method} ${endpoint.path} with odd JSON bodies`, async () => {
        for (const body of BODY_VALUES) await expectNo5xx(method, fill(path, sourceId), { ...withKey, body });
        for (const name of PARAMS) {
          for (const value of BODY_VALUES) {
            await expectNo5xx(method, fill(path, sourceId), { ...withKey, body: { [name]: value } });
          }
        }
      });
    }
  }
});
