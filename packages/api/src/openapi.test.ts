import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints.js";
import { buildOpenApiDocument } from "./openapi.js";

const committed = fileURLToPath(new URL("../../../docs/openapi.json", import.meta.url));

describe("OpenAPI document", () => {
  it("matches the committed docs/openapi.json (run `npm run openapi` after changing a schema)", () => {
    const current = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
    expect(readFileSync(committed, "utf8")).toBe(current);
  });

  it("describes every endpoint once, with its success status", () => {
    const doc = buildOpenApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    for (const endpoint of endpoints) {
      const path = endpoint.base === "v1" ? `/v1${endpoint.path}` : endpoint.path;
      const operation = (doc.paths[path] as Record<string, any>)[endpoint.method];
      expect(operation.operationId).toBe(endpoint.operationId);
      expect(operation.responses).toHaveProperty(String(endpoint.success.status));
    }
    const ids = endpoints.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("resolves every $ref to a component schema", () => {
    const doc = buildOpenApiDocument();
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const name = ref.slice('"$ref":"#/components/schemas/'.length, -1);
      expect(doc.components.schemas, ref).toHaveProperty(name);
    }
  });

  it("marks limit as an integer from 1 to 100 on paginated endpoints", () => {
    const doc = buildOpenApiDocument();
    const get = (doc.paths["/v1/users/me/sources"] as any).get;
    const limit = get.parameters.find((p: any) => p.name === "limit");
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
  });
});
