/** A reference server in-process for tests, with helpers to call it and to count store writes. */
import type { HookCall, Runtime } from "@tributary/runtime";
import { createServer, MemoryStore, type ServerOptions, type Store, type TributaryServer } from "../src/index.js";

export const DEMO_KEY = "demo-key-0123456789abcdef";
export const ADMIN_TOKEN = "admin-token-0123456789abcdef";
export const ORIGIN = "http://tributary.test";

const MUTATIONS = new Set([
  "insert",
  "replace",
  "delete",
  "append",
  "set",
  "publish",
  "deleteTouching",
  "deleteRange",
  "drop",
]);

/** Wraps a store so every write to any table is counted. */
function countingStore(store: Store): { store: Store; writes: () => number } {
  let writes = 0;
  const tables = new WeakMap<object, object>();
  const wrapTable = (table: object) => {
    let proxy = tables.get(table);
    if (!proxy) {
      proxy = new Proxy(table, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            if (MUTATIONS.has(String(prop))) writes += 1;
            return value.apply(target, args);
          };
        },
      });
      tables.set(table, proxy);
    }
    return proxy;
  };
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      return value !== null && typeof value === "object" ? wrapTable(value) : value;
    },
  });
  return { store: proxy, writes: () => writes };
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Sent as is; overrides `body`. */
  rawBody?: string;
  /** API key; `null` sends no Authorization header. Default: the demo key. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  server: TributaryServer;
  /** Calls /v1 (or any path starting with `/`). */
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  /** Calls the control plane with the admin token. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<CallResult<T>>;
  /** Writes made to the store so far. */
  writes(): number;
  /** Creates a user and returns its API key and id. */
  newUser(fields?: Record<string, unknown>): Promise<{ id: string; key: string; user: any }>;
  /** Creates a workspace with these members. */
  newWorkspace(name: string, members: string[]): Promise<any>;
  /** The demo user's id and workspace id. */
  demo(): { userId: string; workspaceId: string };
  close(): Promise<void>;
}

export function url(path: string, query?: CallOptions["query"]): string {
  const target = new URL(path.startsWith("/_") || path.startsWith("/http") ? path : `/v1${path}`, ORIGIN);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) target.searchParams.set(name, String(value));
  }
  return target.toString();
}

/** Starts an in-process server with a demo account; one per test file is plenty. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const counted = countingStore(options.store ?? new MemoryStore());
  const server = createServer({
    demo: { apiKey: DEMO_KEY },
    adminToken: ADMIN_TOKEN,
    runtimeOptions: { timeoutMs: 1000 },
    ...options,
    store: counted.store,
  });
  await server.ready;

  const call = async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? DEMO_KEY : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    // A string body makes Request add text/plain; bytes leave Content-Type as the test set it.
    const payload = body === undefined ? null : new TextEncoder().encode(body);
    const response = await server.fetch(new Request(url(path, options.query), { method, headers, body: payload }));
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      // Not JSON; tests that care assert on the text.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  const admin = (method: string, path: string, body?: unknown) =>
    call(method, `/_tributary${path}`, { key: ADMIN_TOKEN, ...(body !== undefined ? { body } : {}) });

  return {
    server,
    call,
    admin,
    writes: counted.writes,
    async newUser(fields = {}) {
      const { status, body } = await admin("POST", "/users", fields);
      if (status !== 201) throw new Error(`newUser failed: ${status} ${JSON.stringify(body)}`);
      return { id: body.data.user.id, key: body.data.api_key, user: body.data.user };
    },
    async newWorkspace(name, members) {
      const { status, body } = await admin("POST", "/workspaces", { name, members });
      if (status !== 201) throw new Error(`newWorkspace failed: ${status} ${JSON.stringify(body)}`);
      return body.data;
    },
    demo() {
      const demo = server.demo;
      if (!demo?.workspaceId) throw new Error("no demo account");
      return { userId: demo.userId, workspaceId: demo.workspaceId };
    },
    close: () => server.close(),
  };
}

/** Component code with the given fields spliced into a default export. */
export function componentCode(fields: string, name = "Test Source"): string {
  return `export default { name: ${JSON.stringify(name)}, version: "0.1.0", ${fields} async run() {} };`;
}

/** One row of a bad-input table. */
export interface BadInput {
  name: string;
  method: string;
  path: string;
  options?: CallOptions;
  status: number;
  /** A fragment the error sentence must contain. */
  error: RegExp;
}

/**
 * Runs a bad-input row: asserts the exact status, a JSON error body with a sentence and a code,
 * no 5xx, and that the store was not written.
 */
export async function expectRejected(t: TestServer, row: BadInput, expect: typeof import("vitest").expect) {
  const before = t.writes();
  const result = await t.call(row.method, row.path, row.options);
  expect(result.status, JSON.stringify(result.body)).toBe(row.status);
  expect(result.headers.get("content-type")).toMatch(/application\/json/);
  expect(result.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
  expect(result.body.error).toMatch(row.error);
  expect(t.writes()).toBe(before);
}

/** A runtime that remembers which hooks ran, in order, and for which tenant. */
export function recording(runtime: Runtime): Runtime & { hooks: string[]; tenants: string[] } {
  const hooks: string[] = [];
  const tenants: string[] = [];
  return {
    hooks,
    tenants,
    runHook(call: HookCall) {
      hooks.push(call.hook);
      tenants.push(call.tenant);
      return runtime.runHook(call);
    },
    load: (code: string, tenant: string) => {
      tenants.push(tenant);
      return runtime.load(code, tenant);
    },
    close: () => runtime.close(),
  };
}
