import { randomBytes } from "node:crypto";
import { createEventIdSequence, createIdGenerator, type IdGenerator } from "@tributary/api";
import { type Clock, createRuntime, type Runtime, type RuntimeOptions, systemClock } from "@tributary/runtime";
import { createApp, type FaultLogger } from "./app.js";
import { createUser, createWorkspace } from "./control-plane/accounts.js";
import { KeyedLock } from "./domain/keyed-lock.js";
import { type ListenOptions, listen, type RunningServer } from "./node/listen.js";
import type { Services } from "./services.js";
import { MemoryStore } from "./store/memory-store.js";
import type { Store } from "./store/store.js";

/** The demo account seeded at start and after each reset. */
export interface DemoOptions {
  /** The demo user's API key. Random when unset. */
  apiKey?: string;
  /** Default `demo`. */
  username?: string;
  /** Also create a workspace with the demo user as member. Default true. */
  workspace?: boolean;
}

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Where everything is kept. Default: a new {@link MemoryStore}. */
  store?: Store;
  /** The component runtime. Default: one created with `runtime` options, closed with the server. */
  runtime?: Runtime;
  /** Options of the default runtime (time limit, sandbox processes). */
  runtimeOptions?: RuntimeOptions;
  /** The source of time. Default: the system clock. */
  clock?: Clock;
  /** The id generator. Default: random base62 ids. */
  newId?: IdGenerator;
  /** Makes API keys and tokens. Default: 24 random bytes, hex. */
  newSecret?: () => string;
  /** Token for /_tributary. Random when unset; read it from `server.adminToken`. */
  adminToken?: string;
  /** The demo account, or false for none. Default: a demo user with a random key. */
  demo?: DemoOptions | false;
  /** Origin of public URLs such as HTTP-source endpoints. Default: each request's origin. */
  publicUrl?: string;
  /** Limits on fetching `component_url`. Default 10 s and 1 MiB. */
  componentUrl?: { timeoutMs?: number; maxBytes?: number };
  /** Where faults of the server itself are reported. Default: console.error. */
  logFault?: FaultLogger;
}

/** The demo account as seeded. */
export interface DemoAccount {
  userId: string;
  username: string;
  apiKey: string;
  workspaceId: string | undefined;
}

/** A reference server: a fetch handler, a way to listen on a port, and a way to stop. */
export interface TributaryServer {
  /**
   * Answers one request, in-process. `env` is what a server adapter passes along (node:http
   * passes `{ incoming, outgoing }`); leave it out when calling directly.
   */
  fetch(request: Request, env?: unknown): Promise<Response>;
  /** Serves over node:http; resolves once listening. */
  listen(options?: ListenOptions): Promise<RunningServer>;
  /** Stops listeners and sandbox processes this server started. */
  close(): Promise<void>;
  /** The control-plane token. */
  readonly adminToken: string;
  /** The demo account, once `ready` has resolved; undefined with `demo: false`. */
  readonly demo: DemoAccount | undefined;
  /** Resolves when the demo account is seeded. `fetch` and `listen` wait for it themselves. */
  readonly ready: Promise<void>;
  /** Forgets everything and seeds the demo account again (same key). */
  reset(): Promise<void>;
  /** The shared services, for tests and adapters. */
  readonly services: Services;
}

const randomSecret = () => randomBytes(24).toString("hex");

/**
 * Creates a reference server. Nothing starts until used: sandbox processes start with the first
 * component, and no port is opened until `listen`.
 *
 * @example
 * const server = createServer({ demo: { apiKey: "demo-key-0123456789" } });
 * const res = await server.fetch(new Request("http://tributary.test/v1/users/me", {
 *   headers: { Authorization: "Bearer demo-key-0123456789" },
 * }));
 * (await res.json()).data.username; // "demo"
 * await server.close();
 */
export function createServer(options: ServerOptions = {}): TributaryServer {
  const clock = options.clock ?? systemClock;
  const nextEventId = createEventIdSequence();
  const ownsRuntime = options.runtime === undefined;
  const runtime = options.runtime ?? createRuntime(options.runtimeOptions);
  const services: Services = {
    store: options.store ?? new MemoryStore(),
    runtime,
    clock,
    newId: options.newId ?? createIdGenerator(),
    newSecret: options.newSecret ?? randomSecret,
    newEventId: () => nextEventId(clock.now()),
    publicUrl: options.publicUrl,
    locks: new KeyedLock(),
    componentUrl: {
      timeoutMs: options.componentUrl?.timeoutMs ?? 10_000,
      maxBytes: options.componentUrl?.maxBytes ?? 1024 * 1024,
    },
  };
  const adminToken = options.adminToken ?? services.newSecret();
  const demoOptions = options.demo === false ? undefined : (options.demo ?? {});
  const demoKey = demoOptions ? (demoOptions.apiKey ?? services.newSecret()) : undefined;
  let demo: DemoAccount | undefined;

  const seed = async () => {
    if (!demoOptions || demoKey === undefined) return;
    const { user } = await createUser(services, { username: demoOptions.username ?? "demo", api_key: demoKey });
    const workspace =
      demoOptions.workspace === false
        ? undefined
        : await createWorkspace(services, { name: "Demo Workspace", members: [user.id] });
    demo = { userId: user.id, username: user.username, apiKey: demoKey, workspaceId: workspace?.id };
  };
  const reset = async () => {
    await services.store.clear();
    await seed();
  };
  const ready = seed();
  const logFault = options.logFault ?? ((error: unknown) => console.error("[tributary] internal error:", error));
  const app = createApp(services, { adminToken, reset }, logFault);
  const listeners = new Set<RunningServer>();

  // Requests wait until the demo account is seeded (the listener skips this: it starts after).
  const fetch = async (request: Request, env?: unknown): Promise<Response> => {
    await ready;
    return app.fetch(request, env);
  };

  return {
    fetch,
    async listen(listenOptions) {
      await ready;
      // Seeded by now, so the listener can call the app without waiting on `ready` per request.
      const running = await listen((request, env) => app.fetch(request, env), listenOptions);
      listeners.add(running);
      return running;
    },
    async close() {
      await Promise.all([...listeners].map((running) => running.close()));
      listeners.clear();
      if (ownsRuntime) await runtime.close();
    },
    adminToken,
    get demo() {
      return demo;
    },
    ready,
    reset,
    services,
  };
}
