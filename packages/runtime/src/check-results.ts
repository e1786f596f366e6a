import type { PropDescriptor } from "@tributary/api";
import type { EmittedEvent, LogLine } from "./component-meta.js";
import type { InspectResult } from "./load-component.js";
import type { HookResult } from "./runtime.js";

/** Results come from a sandbox process, which component code may have tampered with: check all. */
class Malformed extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function record(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw new Malformed();
  return value;
}

function array(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Malformed();
  return value;
}

function strings(value: unknown): string[] {
  return array(value).map((item) => {
    if (typeof item !== "string") throw new Malformed();
    return item;
  });
}

function optionalText(value: unknown): string | null | undefined {
  if (value === undefined || value === null || typeof value === "string") return value;
  throw new Malformed();
}

const LEVELS = new Set(["log", "info", "warn", "error", "debug"]);

function logs(value: unknown): LogLine[] {
  return array(value).map((item) => {
    const line = record(item);
    if (!LEVELS.has(line.level as string) || typeof line.message !== "string" || typeof line.ts !== "number") {
      throw new Malformed();
    }
    return { level: line.level as LogLine["level"], message: line.message, ts: line.ts };
  });
}

/** Checks what the sandbox says a module is; throws when it is not of that shape. */
export function checkInspectResult(value: unknown): InspectResult {
  const found = record(value);
  const props = array(found.props).map((item) => {
    const prop = record(item);
    if (typeof prop.name !== "string" || typeof prop.type !== "string") throw new Malformed();
    return prop as PropDescriptor;
  });
  if (typeof found.hasRun !== "boolean") throw new Malformed();
  return {
    name: optionalText(found.name),
    key: optionalText(found.key),
    version: optionalText(found.version),
    type: optionalText(found.type),
    description: optionalText(found.description),
    dedupe: optionalText(found.dedupe),
    props,
    hooks: strings(found.hooks),
    badHooks: strings(found.badHooks),
    methods: strings(found.methods),
    hasRun: found.hasRun,
    logs: logs(found.logs),
  };
}

function emit(value: unknown): EmittedEvent {
  const item = record(value);
  const meta = record(item.meta);
  const out: EmittedEvent["meta"] = {};
  if (meta.id !== undefined) {
    if (typeof meta.id !== "string" && typeof meta.id !== "number") throw new Malformed();
    out.id = meta.id;
  }
  for (const field of ["name", "summary"] as const) {
    if (meta[field] === undefined) continue;
    if (typeof meta[field] !== "string") throw new Malformed();
    out[field] = meta[field];
  }
  if (meta.ts !== undefined) {
    if (!Number.isSafeInteger(meta.ts)) throw new Malformed();
    out.ts = meta.ts as number;
  }
  return { event: item.event ?? null, meta: out };
}

/** Checks what the sandbox says a hook did; throws when it is not of that shape. */
export function checkHookResult(value: unknown): HookResult {
  const result = record(value);
  return { emits: array(result.emits).map(emit), db: record(result.db), logs: logs(result.logs) };
}
