import type { PropDescriptor, PropOption, TimerValue } from "@tributary/api";
import { Cron } from "croner";
import { ApiError } from "../errors.js";

/** Largest static prop value, in bytes of raw text (a string's characters, other values' JSON). */
export const MAX_PROP_VALUE_BYTES = 64 * 1024;

/** What shaping props needs to know about the source. */
export interface PropContext {
  /** The URL of the source's HTTP endpoint. */
  endpointUrl: string;
  /** Now, for working out a cron timer's interval. */
  nowMs: number;
}

const bad = (name: string, rule: string) =>
  new ApiError("invalid_request", `configured_props.${name} ${rule}`, `configured_props.${name}`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const CHECKS: Record<string, [(value: unknown) => boolean, string]> = {
  string: [(value) => typeof value === "string", "a string"],
  integer: [(value) => Number.isSafeInteger(value), "an integer"],
  boolean: [(value) => typeof value === "boolean", "true or false"],
  object: [isObject, "an object"],
  app: [isObject, "an object (the app's connected account, such as { authProvisionId })"],
  any: [() => true, "any JSON value"],
};

function optionValue(option: PropOption): unknown {
  return isObject(option) ? option.value : option;
}

function checkOne(prop: PropDescriptor, base: string, value: unknown, where: string): void {
  const check = CHECKS[base];
  if (check && !check[0](value)) throw bad(where, `must be ${check[1]}`);
  if (base === "integer") {
    const n = value as number;
    if (prop.min !== undefined && n < prop.min) throw bad(where, `must be at least ${prop.min} (got ${n})`);
    if (prop.max !== undefined && n > prop.max) throw bad(where, `must be at most ${prop.max} (got ${n})`);
  }
  if (Array.isArray(prop.options)) {
    const allowed = prop.options.map(optionValue);
    if (!allowed.some((option) => JSON.stringify(option) === JSON.stringify(value))) {
      throw bad(where, `must be one of ${allowed.map((option) => JSON.stringify(option)).join(", ")}`);
    }
  }
}

/** The stored form of a timer, from `{ intervalSeconds }`, `{ cron }` or the stored form itself. */
function timerValue(name: string, input: unknown, nowMs: number): TimerValue {
  const rule = "must be { intervalSeconds: <integer of at least 1> } or { cron: <cron expression> }";
  if (!isObject(input)) throw bad(name, rule);
  const interval = input.intervalSeconds ?? input.interval_seconds;
  const cron = input.cron;
  if (typeof cron === "string" && cron.trim() !== "") {
    let schedule: Cron;
    try {
      schedule = new Cron(cron, { paused: true, timezone: "UTC" });
    } catch (error) {
      throw bad(name, `has a cron expression that does not parse: ${(error as Error).message}`);
    }
    const [first, second] = schedule.nextRuns(2, new Date(nowMs));
    if (!first || !second) throw bad(name, `has a cron expression that never runs (${cron})`);
    return { cron, interval_seconds: Math.round((second.getTime() - first.getTime()) / 1000) };
  }
  if (Number.isSafeInteger(interval) && (interval as number) >= 1)
    return { cron: null, interval_seconds: interval as number };
  throw bad(name, rule);
}

/**
 * Checks configured prop values against a component's props and returns them in their stored
 * form: defaults filled, timers as `{ cron, interval_seconds }`, HTTP interfaces as
 * `{ endpoint_url }`, `$.service.db` left out. `strict` refuses names the component lacks;
 * otherwise they are dropped (used when an update keeps earlier values).
 */
export function shapeConfiguredProps(
  props: readonly PropDescriptor[],
  input: Record<string, unknown>,
  context: PropContext,
  strict: boolean,
): Record<string, unknown> {
  const known = new Set(props.map((prop) => prop.name));
  if (strict) {
    const unknown = Object.keys(input).find((name) => !known.has(name));
    if (unknown !== undefined) {
      throw bad(unknown, `is not a prop of this component; its props are ${[...known].join(", ") || "(none)"}`);
    }
  }
  const out: Record<string, unknown> = {};
  for (const prop of props) {
    const { name, type } = prop;
    const given = Object.hasOwn(input, name) ? input[name] : undefined;
    if (given !== undefined) {
      // Raw text: a string's own characters; any other value's JSON.
      const text = typeof given === "string" ? given : (JSON.stringify(given) ?? "");
      const bytes = new TextEncoder().encode(text).length;
      if (bytes > MAX_PROP_VALUE_BYTES) {
        throw bad(
          name,
          `is ${bytes} bytes of text; static prop values are limited to 64 KB (${MAX_PROP_VALUE_BYTES} bytes)`,
        );
      }
    }
    if (type === "$.service.db") {
      if (given !== undefined && strict) throw bad(name, "is a $.service.db prop and takes no value");
      continue;
    }
    if (type === "$.interface.http") {
      if (given !== undefined && strict && !(isObject(given) && "endpoint_url" in given)) {
        throw bad(name, "is an HTTP interface and takes no value; its endpoint URL is assigned on deploy");
      }
      out[name] = { endpoint_url: context.endpointUrl };
      continue;
    }
    if (type === "$.interface.timer") {
      const value = given ?? prop.default;
      if (value === undefined) throw bad(name, "is required: give { intervalSeconds } or { cron }");
      out[name] = timerValue(name, value, context.nowMs);
      continue;
    }
    const value = given === undefined || given === null ? prop.default : given;
    if (value === undefined || value === null) {
      if (prop.optional) continue;
      throw bad(name, `is required (${type})`);
    }
    if (type.endsWith("[]")) {
      if (!Array.isArray(value)) throw bad(name, `must be an array (${type})`);
      for (const [index, item] of value.entries()) checkOne(prop, type.slice(0, -2), item, `${name}[${index}]`);
    } else {
      checkOne(prop, type, value, name);
    }
    out[name] = value;
  }
  return out;
}
