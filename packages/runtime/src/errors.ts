/** What went wrong in component code. */
export type ComponentErrorKind = "syntax" | "invalid" | "threw" | "timeout" | "crashed";

/**
 * A fault of component code: it does not parse, does not describe a valid component, threw,
 * ran past its time limit or brought its sandbox down. Kept apart from the runtime's own faults,
 * so a bug in a component never looks like a bug in the server.
 */
export class ComponentError extends Error {
  override readonly name = "ComponentError";
  constructor(
    readonly kind: ComponentErrorKind,
    message: string,
    /** The stack inside the component, when it threw. */
    readonly componentStack?: string,
  ) {
    super(message);
  }
}

/** A fault of the sandbox machinery itself, not of the component it was running. */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
}
