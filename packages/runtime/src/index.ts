/**
 * @tributary/runtime: runs Event Source Management components. Loads ESM or CommonJS component
 * code in sandbox processes, reads its metadata and props, and runs its hooks under a time limit.
 *
 * @example
 * import { createRuntime } from "@tributary/runtime";
 * const runtime = createRuntime();
 * const meta = await runtime.load(code, "u_123");
 *
 * @packageDocumentation
 */
export { type Clock, ManualClock, systemClock } from "./clock.js";
export {
  type ComponentMeta,
  DEDUPE_STRATEGIES,
  type DedupeStrategy,
  type EmittedEvent,
  HOOK_NAMES,
  type HookName,
  type LogLine,
} from "./component-meta.js";
export { ComponentError, type ComponentErrorKind, SandboxError } from "./errors.js";
export {
  createRuntime,
  type HookCall,
  type HookResult,
  hashCode,
  type RunnableComponent,
  type Runtime,
  type RuntimeOptions,
} from "./runtime.js";
export type { SandboxPoolOptions } from "./sandbox/sandbox-pool.js";
