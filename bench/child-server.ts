/**
 * The protocol of a bench server process, child side: print one JSON line `{"url": ...}` once
 * listening, answer the IPC message {@link CPU_USAGE} with `process.cpuUsage()`, and stop when
 * stdin closes (the driver ended it, or died) or on SIGTERM / SIGINT.
 */

/** The IPC message that asks a server process for its CPU time so far. */
export const CPU_USAGE = "cpu-usage";

/** What a server process prints once it is listening. */
export interface Listening {
  /** The origin, such as http://127.0.0.1:40123. */
  url: string;
}

/** Tells the driver where the server listens, and closes it with `close` when told to stop. */
export function announceListening(url: string, close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("message", (message) => {
    if (message === CPU_USAGE) process.send?.(process.cpuUsage());
  });
  process.stdin.on("end", stop);
  process.stdin.resume();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  const listening: Listening = { url };
  process.stdout.write(`${JSON.stringify(listening)}\n`);
}
