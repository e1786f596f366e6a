import { ComponentError, type ComponentErrorKind, SandboxError } from "../errors.js";
import { parseReply, type Reply } from "./reply.js";
import { residentMb, type SandboxChild, spawnSandbox } from "./spawn-sandbox.js";

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
  /** Resident memory limit of each sandbox process (buffers included), in MiB; Linux only. Default 512. */
  maxRssMb?: number;
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
  /** Checks the answer's shape; throws when the sandbox sent something else. */
  check: (result: unknown) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
  /** Sent without its code, because the process had it; resent with it if the process says no. */
  withoutCode: boolean;
}

interface Member {
  tenant: string;
  child: SandboxChild;
  exited: Promise<void>;
  pending: Map<number, Pending>;
  /** Code hashes this process has compiled. */
  loaded: Set<string>;
  /** Killed or ended: takes no new calls. */
  retired: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  lastUsed: number;
  /** Output not yet split into lines. */
  buffered: string;
}

/** Longest line a sandbox process may write; beyond it the process is stopped. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;
const KINDS = new Set<ComponentErrorKind>(["syntax", "invalid", "threw", "timeout", "crashed"]);

/**
 * Sandbox processes that run component code away from the caller's event loop, one process per
 * tenant, so one tenant's code never shares a process (its globals, its event loop, its time
 * limit) with another's. Each runs under Node's permission model (it may read its own script
 * and nothing else, and may not start processes or workers), with an empty environment, heap
 * and memory limits and, when the host is root, an unprivileged user; each call gets a new vm
 * context. The process is not trusted: it speaks JSON lines over stdio, and every line it writes
 * is checked, so the worst it can do is break its own tenant's calls.
 *
 * A call's deadline runs from when the process starts it. A call that overruns kills its
 * tenant's process; that tenant's other calls in it fail too (they are not run again, as they
 * may have had effects).
 */
export class SandboxPool {
  readonly #members = new Map<string, Member>();
  /** Every process not yet exited, including retired ones, so `close` can wait for them. */
  readonly #alive = new Set<Member>();
  readonly #maxIdle: number;
  readonly #idleMs: number;
  readonly #graceMs: number;
  readonly #maxHeapMb: number;
  readonly #maxRssMb: number;
  readonly #user: number | undefined;
  #memoryWatch: NodeJS.Timeout | undefined;
  #nextId = 1;
  #closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    this.#maxIdle = Math.max(0, options.maxIdleProcesses ?? 8);
    this.#idleMs = options.idleMs ?? 60_000;
    this.#graceMs = options.graceMs ?? 500;
    this.#maxHeapMb = options.maxHeapMb ?? 256;
    this.#maxRssMb = options.maxRssMb ?? 512;
    const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
    this.#user = asRoot && options.sandboxUser !== false ? (options.sandboxUser ?? 65534) : undefined;
  }

  /**
   * Runs one call in the tenant's sandbox process and resolves with its result, once `check`
   * accepts it (a result `check` throws on stops the process: the sandbox broke the protocol).
   */
  call<T>(tenant: string, request: SandboxRequest, check: (result: unknown) => T): Promise<T> {
    if (this.#closed) return Promise.reject(new SandboxError("The sandbox pool is closed."));
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = {
        request,
        check,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: undefined,
        withoutCode: false,
      };
      this.#send(this.#memberFor(tenant), pending);
      this.#trimIdle();
    });
  }

  /** Stops every sandbox process, including ones already stopping; calls still running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#memoryWatch);
    const closed = new SandboxError("The sandbox pool closed.");
    await Promise.all([...this.#alive].map((member) => this.#stop(member, closed)));
  }

  #send(member: Member, pending: Pending): void {
    const id = this.#nextId++;
    const { request } = pending;
    pending.withoutCode = member.loaded.has(request.hash);
    clearTimeout(member.idleTimer);
    member.lastUsed = Date.now();
    // Until the process starts the call, allow for the calls queued ahead of it.
    const budget = request.timeoutMs + this.#graceMs;
    pending.timer = setTimeout(() => this.#overrun(member, id), budget * (member.pending.size + 1));
    member.pending.set(id, pending);
    const line = `${JSON.stringify({ ...request, id, code: pending.withoutCode ? undefined : request.code })}\n`;
    try {
      member.child.stdin.write(line);
    } catch {
      void this.#stop(
        member,
        new ComponentError("crashed", "The sandbox process for this account could not be reached."),
      );
    }
  }

  #memberFor(tenant: string): Member {
    const existing = this.#members.get(tenant);
    if (existing && !existing.retired) return existing;
    const member = this.#spawn(tenant);
    this.#members.set(tenant, member);
    this.#alive.add(member);
    this.#watchMemory();
    return member;
  }

  #spawn(tenant: string): Member {
    const { child, exited } = spawnSandbox({ maxHeapMb: this.#maxHeapMb, user: this.#user });
    const member: Member = {
      tenant,
      child,
      exited,
      pending: new Map(),
      loaded: new Set(),
      retired: false,
      idleTimer: undefined,
      lastUsed: Date.now(),
      buffered: "",
    };
    child.stdout.on("data", (chunk: string) => this.#read(member, chunk));
    child.on("exit", () => this.#lost(member, "The sandbox process for this account stopped (out of memory?)."));
    void exited.then(() => this.#alive.delete(member));
    return member;
  }

  #read(member: Member, chunk: string): void {
    member.buffered += chunk;
    let newline = member.buffered.indexOf("\n");
    while (newline !== -1) {
      const line = member.buffered.slice(0, newline);
      member.buffered = member.buffered.slice(newline + 1);
      const reply = parseReply(line);
      if (!reply) {
        this.#violation(member, "wrote something that is not a sandbox answer");
        return;
      }
      this.#receive(member, reply);
      newline = member.buffered.indexOf("\n");
    }
    if (member.buffered.length > MAX_LINE_CHARS) this.#violation(member, "wrote an answer that is too large");
  }

  #receive(member: Member, reply: Reply): void {
    const pending = member.pending.get(reply.id);
    if (!pending) return;
    clearTimeout(pending.timer);
    if ("started" in reply) {
      pending.timer = setTimeout(() => this.#overrun(member, reply.id), pending.request.timeoutMs + this.#graceMs);
      return;
    }
    member.pending.delete(reply.id);
    if (reply.ok) {
      let result: unknown;
      try {
        result = pending.check(reply.result);
      } catch {
        pending.reject(new ComponentError("crashed", "The sandbox process for this account sent a malformed answer."));
        this.#violation(member, "sent a malformed answer");
        return;
      }
      member.loaded.add(pending.request.hash);
      pending.resolve(result);
    } else if (reply.error.kind === "missing" && pending.withoutCode) {
      member.loaded.delete(pending.request.hash);
      this.#send(member, pending);
    } else {
      const kind = KINDS.has(reply.error.kind as ComponentErrorKind)
        ? (reply.error.kind as ComponentErrorKind)
        : "crashed";
      pending.reject(new ComponentError(kind, reply.error.message, reply.error.stack));
    }
    if (member.pending.size === 0) this.#idle(member);
  }

  /** The process broke the protocol (only component code can make it): it goes, with its calls. */
  #violation(member: Member, what: string): void {
    void this.#stop(
      member,
      new ComponentError("crashed", `The sandbox process for this account ${what}; it was stopped.`),
    );
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
    this.#retire(member);
    this.#failAll(
      member,
      this.#closed ? new SandboxError("The sandbox pool closed.") : new ComponentError("crashed", message),
    );
  }

  #retire(member: Member): void {
    member.retired = true;
    if (this.#members.get(member.tenant) === member) this.#members.delete(member.tenant);
    clearTimeout(member.idleTimer);
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

  /** Checks resident memory every second (buffers escape the heap limit); stops a process over it. */
  #watchMemory(): void {
    if (this.#memoryWatch || process.platform !== "linux") return;
    this.#memoryWatch = setInterval(() => {
      for (const member of this.#members.values()) {
        void residentMb(member.child.pid).then((mb) => {
          if (mb !== undefined && mb > this.#maxRssMb && !member.retired) {
            void this.#stop(
              member,
              new ComponentError(
                "crashed",
                `The sandbox process for this account used more than ${this.#maxRssMb} MB of memory.`,
              ),
            );
          }
        });
      }
    }, 1000);
    this.#memoryWatch.unref();
  }

  async #stop(member: Member, reason?: Error): Promise<void> {
    this.#retire(member);
    if (reason) this.#failAll(member, reason);
    if (member.child.exitCode === null && member.child.signalCode === null) {
      // The child is unref'd so it never keeps the host alive; hold the loop open until it is gone.
      member.child.ref();
      member.child.kill("SIGKILL");
    }
    await member.exited;
  }
}
