import type { PropDescriptor } from "@tributary/api";

/** Dedupe strategies a source may declare. */
export const DEDUPE_STRATEGIES = ["unique", "greatest", "last"] as const;
export type DedupeStrategy = (typeof DEDUPE_STRATEGIES)[number];

/** Lifecycle hooks a source may define. */
export const HOOK_NAMES = ["deploy", "activate", "deactivate"] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** What loading a component's code reveals about it. */
export interface ComponentMeta {
  name: string;
  version: string;
  key?: string;
  description?: string;
  /** `action`, or undefined for a source. */
  type?: string;
  dedupe?: DedupeStrategy;
  props: PropDescriptor[];
  hooks: HookName[];
  methods: string[];
  /** The component code turned into CommonJS, as the sandbox evaluates it. */
  compiled: string;
  /** sha256 of the original code, hex. */
  codeHash: string;
  /** Console output of the module's top level. */
  logs: LogLine[];
}

/** One line of console output from component code. */
export interface LogLine {
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
  ts: number;
}

/** An event a component passed to `$emit`, before any dedupe. */
export interface EmittedEvent {
  event: unknown;
  meta: { id?: string | number; name?: string; summary?: string; ts?: number };
}
