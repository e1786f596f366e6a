import type { PropDescriptor } from "@tributary/api";
import {
  type ComponentMeta,
  DEDUPE_STRATEGIES,
  type DedupeStrategy,
  HOOK_NAMES,
  type HookName,
  type LogLine,
} from "./component-meta.js";
import { ComponentError } from "./errors.js";

/** What the sandbox reports of a module, before it is checked. */
export interface InspectResult {
  name: string | null | undefined;
  key: string | null | undefined;
  version: string | null | undefined;
  type: string | null | undefined;
  description: string | null | undefined;
  dedupe: string | null | undefined;
  props: PropDescriptor[];
  hooks: string[];
  badHooks: string[];
  methods: string[];
  hasRun: boolean;
  logs: LogLine[];
}

const invalid = (message: string) => new ComponentError("invalid", message);

/** Checks what the sandbox found against the component contract and names the first problem. */
export function checkComponent(found: InspectResult, compiled: string, codeHash: string): ComponentMeta {
  if (typeof found.name !== "string" || found.name.trim() === "") {
    throw invalid("The component must export a non-empty string `name`.");
  }
  if (typeof found.version !== "string" || found.version.trim() === "") {
    throw invalid('The component must export a string `version`, such as "0.0.1".');
  }
  if (!found.hasRun) throw invalid("The component must define a `run` method.");
  if (found.type !== undefined && found.type !== "action" && found.type !== "source") {
    throw invalid(
      `The component's \`type\` must be "action" or "source" (or left out for a source), not ${JSON.stringify(found.type)}.`,
    );
  }
  for (const field of ["key", "description"] as const) {
    if (found[field] === null) throw invalid(`The component's \`${field}\` must be a string.`);
  }
  if (found.badHooks.length > 0) throw invalid(`hooks.${found.badHooks[0]} must be a function.`);
  const unknown = found.hooks.find((name) => !(HOOK_NAMES as readonly string[]).includes(name));
  if (unknown) throw invalid(`hooks.${unknown} is not a hook; sources may define ${HOOK_NAMES.join(", ")}.`);
  const isAction = found.type === "action";
  if (isAction && found.hooks.length > 0)
    throw invalid('Actions have no hooks; remove `hooks` or drop `type: "action"`.');
  if (found.dedupe !== undefined && !(DEDUPE_STRATEGIES as readonly (string | null)[]).includes(found.dedupe)) {
    throw invalid(`\`dedupe\` must be one of ${DEDUPE_STRATEGIES.join(", ")}, not ${JSON.stringify(found.dedupe)}.`);
  }
  if (isAction && found.dedupe !== undefined)
    throw invalid("Actions cannot declare `dedupe`; it applies to sources only.");
  if (isAction) {
    const iface = found.props.find((prop) => prop.type.startsWith("$.interface."));
    if (iface) throw invalid(`Actions have no interfaces, but prop '${iface.name}' is ${iface.type}.`);
  }
  const meta: ComponentMeta = {
    name: found.name,
    version: found.version,
    props: found.props,
    hooks: found.hooks as HookName[],
    methods: found.methods,
    compiled,
    codeHash,
    logs: found.logs,
  };
  if (typeof found.key === "string") meta.key = found.key;
  if (typeof found.description === "string") meta.description = found.description;
  if (typeof found.type === "string") meta.type = found.type;
  if (typeof found.dedupe === "string") meta.dedupe = found.dedupe as DedupeStrategy;
  return meta;
}
