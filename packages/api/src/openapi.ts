import { z } from "zod";
import { type Endpoint, endpoints } from "./endpoints.js";
import { ErrorBody } from "./schemas/envelope.js";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** Options of {@link buildOpenApiDocument}. */
export interface OpenApiOptions {
  /** The server origin shown in `servers`. Default `http://127.0.0.1:4010`. */
  serverUrl?: string;
  /** The document's `info.version`. Default `0.0.0`. */
  version?: string;
}

const REF_PREFIX = "#/components/schemas/";

/** Converts a schema, moving each named (`meta({ id })`) subschema into `defs`. */
function toSchema(schema: z.ZodType, defs: Record<string, JsonSchema>, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema;
  const { $defs, $schema: _, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries($defs ?? {})) {
    const { id: __, ...clean } = def;
    defs[name] = rewriteRefs(clean) as JsonSchema;
  }
  const { id: ___, ...body } = rest;
  if (typeof rest.id === "string") {
    defs[rest.id] = rewriteRefs(body) as JsonSchema;
    return { $ref: REF_PREFIX + rest.id };
  }
  return rewriteRefs(body) as JsonSchema;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", REF_PREFIX) : rewriteRefs(inner);
  }
  return out;
}

function queryParameters(endpoint: Endpoint, defs: Record<string, JsonSchema>) {
  if (!endpoint.query) return [];
  const schema = toSchema(endpoint.query, defs, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function operation(endpoint: Endpoint, defs: Record<string, JsonSchema>) {
  const pathParams = Object.entries(endpoint.pathParams ?? {}).map(([name, description]) => ({
    name,
    in: "path",
    required: true,
    description,
    schema: { type: "string" },
  }));
  const errorResponse = {
    description: "Error",
    content: { "application/json": { schema: { $ref: `${REF_PREFIX}Error` } } },
  };
  const success = endpoint.success;
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.auth === "none"
      ? { security: [] }
      : endpoint.auth === "admin_token"
        ? { security: [{ adminToken: [] }] }
        : {}),
    parameters: [...pathParams, ...queryParameters(endpoint, defs)],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: toSchema(endpoint.body, defs, "input") } },
          },
        }
      : {}),
    responses: {
      [String(success.status)]: {
        description: success.description,
        ...(success.schema
          ? {
              content: {
                [success.contentType ?? "application/json"]: { schema: toSchema(success.schema, defs, "output") },
              },
            }
          : {}),
      },
      "4XX": errorResponse,
    },
  };
}

/**
 * Builds the OpenAPI 3.1 document of the API from the wire schemas.
 *
 * @example
 * const doc = buildOpenApiDocument({ serverUrl: "http://127.0.0.1:4010" });
 * doc.paths["/v1/sources"].post.operationId; // "createSource"
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}) {
  const defs: Record<string, JsonSchema> = {};
  toSchema(ErrorBody, defs, "output");
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = endpoint.base === "v1" ? `/v1${endpoint.path}` : endpoint.path;
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[endpoint.method] = operation(endpoint, defs);
  }
  const sorted = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: "3.1.0",
    info: {
      title: "Event Source Management API",
      version: options.version ?? "0.0.0",
      description:
        "Components, sources, events, subscriptions, webhooks, users and workspaces, as served by the Tributary reference server.",
    },
    servers: [{ url: options.serverUrl ?? "http://127.0.0.1:4010" }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      schemas: sorted,
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "The account API key" },
        adminToken: { type: "http", scheme: "bearer", description: "The reference server's admin token" },
      },
    },
  };
}
