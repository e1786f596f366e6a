import { type ChildProcessByStdio, spawn } from "node:child_process";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";

/** A sandbox process: JSON lines in on stdin, out on stdout (utf8), stderr discarded. */
export type SandboxChild = ChildProcessByStdio<Writable, Readable, null>;

/** How to start a sandbox process. */
export interface SpawnOptions {
  maxHeapMb: number;
  /** Run as this uid and gid (the host is root); undefined keeps the host's user. */
  user: number | undefined;
}

function workerPath(): string {
  const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
  // From source the script sits in this folder; in a build it sits beside the bundle.
  return here.endsWith("sandbox") ? join(here, "worker.cjs") : join(here, "sandbox-worker.cjs");
}

/**
 * True when a user other than the owner can run the script: every folder above it searchable
 * and the file readable by others. A checkout under a private home folder is not, and then the
 * sandbox keeps the host's user rather than fail to start.
 */
function readableByOthers(path: string): boolean {
  try {
    if ((statSync(path).mode & 0o004) === 0) return false;
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0) return false;
      if (dirname(dir) === dir) return true;
    }
  } catch {
    return false;
  }
}

/**
 * Starts a sandbox process under Node's permission model (it may read its own script and
 * nothing else, and may not start processes or workers), with an empty environment, a heap
 * limit and, when given, an unprivileged user. It never keeps the host alive by itself.
 */
export function spawnSandbox(options: SpawnOptions): { child: SandboxChild; exited: Promise<void> } {
  const script = workerPath();
  const user = options.user !== undefined && readableByOthers(script) ? options.user : undefined;
  const child = spawn(
    process.execPath,
    [
      "--experimental-permission",
      `--allow-fs-read=${script}`,
      `--max-old-space-size=${options.maxHeapMb}`,
      "--no-warnings",
      script,
    ],
    {
      env: {},
      cwd: "/",
      stdio: ["pipe", "pipe", "ignore"],
      ...(user !== undefined ? { uid: user, gid: user } : {}),
    },
  );
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  child.stdout.setEncoding("utf8");
  child.stdin.on("error", () => undefined);
  child.on("error", () => undefined);
  for (const handle of [child, child.stdin, child.stdout]) (handle as { unref?: () => void }).unref?.();
  return { child, exited };
}

/** Resident memory of a process in MiB, from Linux's /proc; undefined elsewhere. */
export async function residentMb(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
