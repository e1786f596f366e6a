import { createHash } from "node:crypto";
import { checkHookResult, checkInspectResult } from "./check-results.js";
import type { ComponentMeta, EmittedEvent, HookName, LogLine } from "./component-meta.js";
import { checkComponent } from "./load-component.js";
import { SandboxPool, type SandboxPoolOptions } from "./sandbox/sandbox-pool.js";
import { toCommonJs } from "./transpile.js";

/** Options of {@link createRuntime}. */
export interface RuntimeOptions extends SandboxPoolOptions {
  /** Time limit of each call into component code (module load, one hook), in ms. Default 3000. */
  timeoutMs?: number;
}

/** A loaded component, as much of it as running its code needs. */
export type RunnableComponent = Pick<ComponentMeta, "compiled" | "codeHash">;

/** One hook of a source instance to run. */
export interface HookCall {
  /** Whose code this is (a user or workspace id): each tenant's code runs in its own process. */
  tenant: string;
  component: RunnableComponent;
  hook: HookName;
  /** Configured prop values in their stored form (timers as `{ cron, interval_seconds }`). */
  props: Record<string, unknown>;
  /** The source's `$.service.db` contents before the call. */
  db: Record<string, unknown>;
}

/** What a hook did: what it emitted, the db after it, and its console output. */
export interface HookResult {
  emits: EmittedEvent[];
  db: Record<string, unknown>;
  logs: LogLine[];
}

/** Runs component code in sandbox processes. */
export interface Runtime {
  /**
   * Parses and evaluates `code` in `tenant`'s sandbox process, checks it against the component
   * contract, and describes it.
   */
  load(code: string, tenant: string): Promise<ComponentMeta>;
  /** Runs one lifecycle hook of a source instance; a component without it resolves empty. */
  runHook(call: HookCall): Promise<HookResult>;
  /** Stops the sandbox processes. */
  close(): Promise<void>;
}

/** Compiled modules kept for reuse. */
const MAX_COMPILED = 200;

/** sha256 of component code, hex. */
export function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/**
 * Creates a component runtime. Sandbox processes start on first use, not here.
 *
 * @example
 * const runtime = createRuntime({ timeoutMs: 1000 });
 * const meta = await runtime.load('export default { name: "tick", version: "0.1.0", run() {} }', "u_demo");
 * meta.name; // "tick"
 * await runtime.close();
 */
export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const timeoutMs = options.timeoutMs ?? 3000;
  const pool = new SandboxPool(options);
  // Recently compiled code by hash, least recently used first.
  const compiledByHash = new Map<string, Promise<string>>();

  const compile = (code: string, codeHash: string) => {
    let compiled = compiledByHash.get(codeHash);
    if (compiled) compiledByHash.delete(codeHash);
    else {
      compiled = toCommonJs(code);
      compiled.catch(() => compiledByHash.delete(codeHash));
    }
    compiledByHash.set(codeHash, compiled);
    if (compiledByHash.size > MAX_COMPILED) compiledByHash.delete(compiledByHash.keys().next().value as string);
    return compiled;
  };

  return {
    async load(code, tenant) {
      const codeHash = hashCode(code);
      const compiled = await compile(code, codeHash);
      const request = { op: "inspect" as const, hash: codeHash, code: compiled, timeoutMs };
      const found = await pool.call(tenant, request, checkInspectResult);
      return checkComponent(found, compiled, codeHash);
    },
    runHook(call) {
      const request = {
        op: "hook" as const,
        hash: call.component.codeHash,
        code: call.component.compiled,
        timeoutMs,
        hook: call.hook,
        props: call.props,
        db: call.db,
      };
      return pool.call(call.tenant, request, checkHookResult);
    },
    close: () => pool.close(),
  };
}
