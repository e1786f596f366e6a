import { type ChildProcess, fork } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ComponentError, type ComponentErrorKind, SandboxError } from "../errors.js";

/** Options of the sandbox process pool. */
export interface SandboxPoolOptions {
  /** Sandbox processes to run at most; each runs many calls at once. Default 2. */
  size?: number;
  /** Extra time after a call's own limit before its process is presumed stuck. Default 500 ms. */
  graceMs?: number;
  /** Heap limit of each sandbox process, in MiB. Default 256. */
  maxHeapMb?: number;
}

/** A request to a sandbox process; `hash` names the code, `code` is sent the first time. */
export interface SandboxRequest {
  op: "inspect" | "hook";
  hash: string;
  code: string;
  timeoutMs: number;
  [field: string]: unknown;
}

interface Pending {
  request: SandboxRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  attempts: number;
}

interface Member {
  child: ChildProcess;
  pending: Map<number, Pending>;
  loaded: Set<string>;
  /** Killed or ended: takes no new calls. */
  retired: boolean;
  exited: boolean;
}

const KINDS = new Set<ComponentErrorKind>(["syntax", "invalid", "threw", "timeout", "crashed"]);
const MAX_ATTEMPTS = 3;

function workerPath(): string {
  const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
  // From source the script sits in this folder; in a build it sits beside the bundle.
  return here.endsWith("sandbox") ? join(here, "worker.cjs") : join(here, "sandbox-worker.cjs");
}

/**
 * Sandbox processes that run component code away from the caller's event loop. Each process
 * runs under Node's permission model (it may read its own script and nothing else, and may not
 * start processes or workers) with an empty environment and a heap limit; each call gets a new
 * vm context. A call that overruns its limit kills its process; the other calls that process
 * was running are retried on a fresh one, which is safe because calls keep no state there.
 */
export class SandboxPool {
  readonly #members: Member[] = [];
  readonly #size: number;
  readonly #graceMs: number;
  readonly #maxHeapMb: number;
  #nextId = 1;
  #closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    this.#size = Math.max(1, options.size ?? 2);
    this.#graceMs = options.graceMs ?? 500;
    this.#maxHeapMb = options.maxHeapMb ?? 256;
  }

  /** Runs one call in a sandbox process and resolves with its result. */
  call<T>(request: SandboxRequest): Promise<T> {
    if (this.#closed) return Promise.reject(new SandboxError("The sandbox pool is closed."));
    return new Promise<T>((resolve, reject) => {
      this.#dispatch({
        request,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: undefined as unknown as NodeJS.Timeout,
        attempts: 0,
      });
    });
  }

  /** Stops every sandbox process; calls still running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const members = this.#members.splice(0);
    await Promise.all(members.map((member) => this.#stop(member, new SandboxError("The sandbox pool closed."))));
  }

  #dispatch(pending: Pending): void {
    pending.attempts += 1;
    const member = this.#pick();
    const id = this.#nextId++;
    const { request } = pending;
    const message = { ...request, id, code: member.loaded.has(request.hash) ? undefined : request.code };
    member.loaded.add(request.hash);
    pending.timer = setTimeout(() => this.#overrun(member, id), request.timeoutMs + this.#graceMs);
    member.pending.set(id, pending);
    member.child.send(message, (error) => {
      if (error && member.pending.delete(id)) {
        clearTimeout(pending.timer);
        this.#retryOrFail(pending, "The sandbox process could not be reached.");
      }
    });
  }

  #pick(): Member {
    const live = this.#members.filter((member) => !member.retired);
    this.#members.splice(0, this.#members.length, ...live);
    if (live.length < this.#size) {
      const member = this.#spawn();
      this.#members.push(member);
      return member;
    }
    return live.reduce((best, member) => (member.pending.size < best.pending.size ? member : best));
  }

  #spawn(): Member {
    const script = workerPath();
    const child = fork(script, [], {
      env: {},
      execArgv: [
        "--experimental-permission",
        `--allow-fs-read=${script}`,
        `--max-old-space-size=${this.#maxHeapMb}`,
        "--no-warnings",
      ],
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      serialization: "advanced",
    });
    const member: Member = { child, pending: new Map(), loaded: new Set(), retired: false, exited: false };
    child.on("message", (message: { id: number; ok: boolean; result?: unknown; error?: WireError }) => {
      const pending = member.pending.get(message.id);
      if (!pending) return;
      member.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.ok) pending.resolve(message.result);
      else pending.reject(toError(message.error));
    });
    child.on("exit", () => this.#lost(member));
    child.on("error", () => this.#lost(member));
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    return member;
  }

  /** A call ran past its limit: it fails, its process goes, the process's other calls move. */
  #overrun(member: Member, id: number): void {
    const pending = member.pending.get(id);
    if (!pending) return;
    member.pending.delete(id);
    pending.reject(
      new ComponentError("timeout", `The component ran longer than the ${pending.request.timeoutMs} ms limit.`),
    );
    void this.#stop(member);
  }

  /** The process ended: its calls are retried elsewhere, or fail after too many tries. */
  #lost(member: Member): void {
    if (member.exited) return;
    member.exited = true;
    member.retired = true;
    const orphans = [...member.pending.values()];
    member.pending.clear();
    for (const pending of orphans) {
      clearTimeout(pending.timer);
      this.#retryOrFail(pending, "The sandbox process running this component stopped (out of memory?).");
    }
  }

  #retryOrFail(pending: Pending, message: string): void {
    if (this.#closed) pending.reject(new SandboxError("The sandbox pool closed."));
    else if (pending.attempts >= MAX_ATTEMPTS) pending.reject(new ComponentError("crashed", message));
    else this.#dispatch(pending);
  }

  async #stop(member: Member, reason?: Error): Promise<void> {
    member.retired = true;
    if (reason) {
      for (const pending of member.pending.values()) {
        clearTimeout(pending.timer);
        pending.reject(reason);
      }
      member.pending.clear();
    }
    if (member.child.exitCode !== null || member.child.signalCode !== null) {
      this.#lost(member);
      return;
    }
    const exited = new Promise<void>((resolve) => member.child.once("exit", () => resolve()));
    // The child is unref'd so it never keeps the host alive; hold the loop open until it is gone.
    member.child.ref();
    member.child.kill("SIGKILL");
    await exited;
  }
}

interface WireError {
  kind: string;
  message: string;
  stack?: string;
}

function toError(error: WireError | undefined): Error {
  if (error && KINDS.has(error.kind as ComponentErrorKind)) {
    return new ComponentError(error.kind as ComponentErrorKind, error.message, error.stack);
  }
  return new SandboxError(`The sandbox failed: ${error?.message ?? "unknown error"}`);
}
