import { type ChildProcess, fork } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ComponentError, type ComponentErrorKind, SandboxError } from "../errors.js";

/** Options of the sandbox process pool. */
export interface SandboxPoolOptions {
  /** Idle sandbox processes kept at most; busy ones are never stopped for room. Default 8. */
  maxIdleProcesses?: number;
  /** An idle sandbox process stops after this long. Default 60 s. */
  idleMs?: number;
  /** Extra time after a call's own limit before its process is presumed stuck. Default 500 ms. */
  graceMs?: number;
  /** Heap limit of each sandbox process, in MiB. Default 256. */
  maxHeapMb?: number;
  /**
   * When the host runs as root, run sandbox processes as this uid and gid (so they cannot signal
   * or ptrace the host). Default 65534 (`nobody`); `false` keeps the host's user.
   */
  sandboxUser?: number | false;
}

/** A request to a sandbox process; `hash` names the code, `code` is sent until it is loaded. */
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
  /** Sent without its code, because the process had it; resent with it if the process says no. */
  withoutCode: boolean;
}

interface Member {
  tenant: string;
  child: ChildProcess;
  pending: Map<number, Pending>;
  /** Code hashes this process has compiled. */
  loaded: Set<string>;
  /** Killed or ended: takes no new calls. */
  retired: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  lastUsed: number;
}

interface WireError {
  kind: string;
  message: string;
  stack?: string;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WireError };

const KINDS = new Set<ComponentErrorKind>(["syntax", "invalid", "threw", "timeout", "crashed"]);

function workerPath(): string {
  const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
  // From source the script sits in this folder; in a build it sits beside the bundle.
  return here.endsWith("sandbox") ? join(here, "worker.cjs") : join(here, "sandbox-worker.cjs");
}

function toError(error: WireError): Error {
  if (KINDS.has(error.kind as ComponentErrorKind)) {
    return new ComponentError(error.kind as ComponentErrorKind, error.message, error.stack);
  }
  return new SandboxError(`The sandbox failed: ${error.message}`);
}

/**
 * Sandbox processes that run component code away from the caller's event loop, one process per
 * tenant, so one tenant's code never shares a process (its globals, its event loop, its time
 * limit) with another's. Each runs under Node's permission model (it may read its own script
 * and nothing else, and may not start processes or workers), with an empty environment, a heap
 * limit and, when the host is root, an unprivileged user; each call gets a new vm context.
 * A call that overruns its limit kills its tenant's process; that tenant's other calls in it
 * fail too (they are not run again, as they may have had effects).
 */
export class SandboxPool {
  readonly #members = new Map<string, Member>();
  readonly #maxIdle: number;
  readonly #idleMs: number;
  readonly #graceMs: number;
  readonly #maxHeapMb: number;
  readonly #user: number | undefined;
  #nextId = 1;
  #closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    this.#maxIdle = Math.max(0, options.maxIdleProcesses ?? 8);
    this.#idleMs = options.idleMs ?? 60_000;
    this.#graceMs = options.graceMs ?? 500;
    this.#maxHeapMb = options.maxHeapMb ?? 256;
    const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
    this.#user = asRoot && options.sandboxUser !== false ? (options.sandboxUser ?? 65534) : undefined;
  }

  /** Runs one call in the tenant's sandbox process and resolves with its result. */
  call<T>(tenant: string, request: SandboxRequest): Promise<T> {
    if (this.#closed) return Promise.reject(new SandboxError("The sandbox pool is closed."));
    return new Promise<T>((resolve, reject) => {
      const pending = { request, resolve: resolve as (value: unknown) => void, reject, withoutCode: false };
      this.#send(this.#memberFor(tenant), pending as Pending);
      this.#trimIdle();
    });
  }

  /** Sandbox processes running now. */
  get size(): number {
    return this.#members.size;
  }

  /** Stops every sandbox process; calls still running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const members = [...this.#members.values()];
    await Promise.all(members.map((member) => this.#stop(member, new SandboxError("The sandbox pool closed."))));
  }

  #send(member: Member, pending: Pending): void {
    const id = this.#nextId++;
    const { request } = pending;
    pending.withoutCode = member.loaded.has(request.hash);
    const message = { ...request, id, code: pending.withoutCode ? undefined : request.code };
    clearTimeout(member.idleTimer);
    member.lastUsed = Date.now();
    pending.timer = setTimeout(() => this.#overrun(member, id), request.timeoutMs + this.#graceMs);
    member.pending.set(id, pending);
    member.child.send(message, (error) => {
      if (error && member.pending.delete(id)) {
        clearTimeout(pending.timer);
        pending.reject(new ComponentError("crashed", "The sandbox process for this account could not be reached."));
      }
    });
  }

  #memberFor(tenant: string): Member {
    const existing = this.#members.get(tenant);
    if (existing && !existing.retired) return existing;
    const member = this.#spawn(tenant);
    this.#members.set(tenant, member);
    return member;
  }

  #spawn(tenant: string): Member {
    const script = workerPath();
    const child = fork(script, [], {
      env: {},
      cwd: "/",
      execArgv: [
        "--experimental-permission",
        `--allow-fs-read=${script}`,
        `--max-old-space-size=${this.#maxHeapMb}`,
        "--no-warnings",
      ],
      stdio: ["ignore", "ignore", "ignore", "ipc"],
      serialization: "advanced",
      ...(this.#user !== undefined ? { uid: this.#user, gid: this.#user } : {}),
    });
    const member: Member = {
      tenant,
      child,
      pending: new Map(),
      loaded: new Set(),
      retired: false,
      idleTimer: undefined,
      lastUsed: Date.now(),
    };
    child.on("message", (reply: Reply) => this.#receive(member, reply));
    const lost = () => this.#lost(member, "The sandbox process for this account stopped (out of memory?).");
    child.on("exit", lost);
    child.on("error", lost);
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    return member;
  }

  #receive(member: Member, reply: Reply): void {
    const pending = member.pending.get(reply.id);
    if (!pending) return;
    member.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.ok) {
      member.loaded.add(pending.request.hash);
      pending.resolve(reply.result);
    } else if (reply.error.kind === "missing" && pending.withoutCode) {
      member.loaded.delete(pending.request.hash);
      this.#send(member, pending);
    } else {
      pending.reject(toError(reply.error));
    }
    if (member.pending.size === 0) this.#idle(member);
  }

  /** A call ran past its limit: it fails, and its process goes with the tenant's other calls. */
  #overrun(member: Member, id: number): void {
    const pending = member.pending.get(id);
    if (!pending) return;
    member.pending.delete(id);
    pending.reject(
      new ComponentError("timeout", `The component ran longer than the ${pending.request.timeoutMs} ms limit.`),
    );
    void this.#stop(
      member,
      new ComponentError(
        "crashed",
        "The sandbox process for this account was restarted because another of its calls ran past its time limit.",
      ),
    );
  }

  #lost(member: Member, message: string): void {
    member.retired = true;
    if (this.#members.get(member.tenant) === member) this.#members.delete(member.tenant);
    clearTimeout(member.idleTimer);
    this.#failAll(
      member,
      this.#closed ? new SandboxError("The sandbox pool closed.") : new ComponentError("crashed", message),
    );
  }

  #failAll(member: Member, error: Error): void {
    const orphans = [...member.pending.values()];
    member.pending.clear();
    for (const pending of orphans) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }

  #idle(member: Member): void {
    clearTimeout(member.idleTimer);
    member.idleTimer = setTimeout(() => void this.#stop(member), this.#idleMs);
    member.idleTimer.unref();
    this.#trimIdle();
  }

  /** Stops the least recently used idle processes beyond the idle limit. */
  #trimIdle(): void {
    const idle = [...this.#members.values()].filter((member) => member.pending.size === 0);
    idle.sort((a, b) => a.lastUsed - b.lastUsed);
    for (const member of idle.slice(0, Math.max(0, idle.length - this.#maxIdle))) void this.#stop(member);
  }

  async #stop(member: Member, reason?: Error): Promise<void> {
    member.retired = true;
    if (this.#members.get(member.tenant) === member) this.#members.delete(member.tenant);
    clearTimeout(member.idleTimer);
    if (reason) this.#failAll(member, reason);
    if (member.child.exitCode !== null || member.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => member.child.once("exit", () => resolve()));
    // The child is unref'd so it never keeps the host alive; hold the loop open until it is gone.
    member.child.ref();
    member.child.kill("SIGKILL");
    await exited;
  }
}
