/**
 * Every process the bench spawns, so that none outlives the driver: stopped gracefully at the
 * end, killed outright if the driver exits any other way.
 */
import type { ChildProcess } from "node:child_process";

const live = new Set<ChildProcess>();

process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** Remembers `child` until it exits. */
export function track<T extends ChildProcess>(child: T): T {
  live.add(child);
  child.once("exit", () => live.delete(child));
  return child;
}

/** Asks `child` to stop (stdin closed, SIGTERM); SIGKILL if it has not exited within `graceMs`. */
export function stop(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin?.end();
    child.kill("SIGTERM");
  });
}

/** Stops every process still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stop(child)));
}
