/**
 * The protocol of a bench process, driver side: runs a bench script in its own Node process
 * (TypeScript through tsx's loader, which also maps the workspace packages to their sources)
 * and waits for the one JSON line it prints when ready. An IPC channel is open for questions.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CPU_USAGE } from "./child-server.js";
import { stop, track } from "./children.js";

/** The repository root: scripts are named relative to it. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A running bench script and what it announced. */
export interface Script<T> {
  /** The parsed first line of its stdout. */
  readonly ready: T;
  /** Its CPU time so far, in microseconds; only server scripts (see child-server.ts) answer. */
  cpuMicros(): Promise<number>;
  /** Asks it to stop and waits until it has exited. */
  stop(): Promise<void>;
}

function askCpuMicros(child: ChildProcess, file: string, timeoutMs = 5_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${file} did not report its CPU time within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    child.once("message", (usage: NodeJS.CpuUsage) => {
      clearTimeout(timer);
      resolve(usage.user + usage.system);
    });
    child.send(CPU_USAGE);
  });
}

/** Starts `file` (relative to the repository root) and resolves with its first stdout line, parsed. */
export function startScript<T>(file: string, args: readonly string[] = [], timeoutMs = 30_000): Promise<Script<T>> {
  const child = track(
    spawn(process.execPath, ["--import", "tsx", file, ...args], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit", "ipc"],
    }),
  );
  return new Promise((resolve, reject) => {
    let settled = false;
    let output = "";
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (message: string, cause?: unknown) =>
      settle(() => {
        void stop(child);
        reject(new Error(message, { cause }));
      });
    const timer = setTimeout(() => fail(`${file} printed no ready line within ${timeoutMs} ms.`), timeoutMs);

    child.once("error", (error) => fail(`${file} could not be started: ${error.message}`, error));
    // "close", not "exit": it comes after stdout is drained, so a ready line printed just before exiting counts.
    child.once("close", (code, signal) =>
      fail(`${file} exited (${signal ?? `code ${code}`}) before printing its ready line; its stderr is above.`),
    );
    // stdio[1] is a pipe, so stdout is there; the "ipc" entry only hides that from the types.
    const stdout = child.stdout!;
    stdout.setEncoding("utf8");
    // Keep reading after the first line so that the pipe never fills up and blocks the child.
    stdout.on("data", (chunk: string) => {
      if (settled) return;
      output += chunk;
      const end = output.indexOf("\n");
      if (end === -1) return;
      const line = output.slice(0, end);
      let ready: T;
      try {
        ready = JSON.parse(line) as T;
      } catch (error) {
        fail(`${file} printed ${JSON.stringify(line)} where a JSON line was expected.`, error);
        return;
      }
      settle(() => resolve({ ready, cpuMicros: () => askCpuMicros(child, file), stop: () => stop(child) }));
    });
  });
}
