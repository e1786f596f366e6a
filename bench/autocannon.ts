/**
 * One round of load from a process of its own: autocannon's CLI with `--json`, keep-alive
 * connections, against one URL. Any error, timeout or non-2xx answer fails the round, so that a
 * broken server can never pass for a fast one.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { stop, track } from "./children.js";
import { ROOT } from "./spawn-script.js";

const AUTOCANNON = join(ROOT, "node_modules", "autocannon", "autocannon.js");

/** How hard and how long to load. */
export interface LoadOptions {
  connections: number;
  pipelining: number;
  durationSeconds: number;
  headers: Readonly<Record<string, string>>;
}

/** What one round measured. */
export interface LoadResult {
  /** 2xx answers per second over the whole round. */
  requestsPerSecond: number;
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

/** The part of autocannon's JSON report the bench reads. */
interface Report {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
}

function parseReport(stdout: string): Report {
  const report = JSON.parse(stdout) as Report;
  const numbers = [report.duration, report.errors, report.timeouts, report.non2xx, report.requests?.total];
  if (!numbers.every((value) => typeof value === "number")) {
    throw new Error(`autocannon printed a report without the expected fields: ${stdout.slice(0, 200)}`);
  }
  return report;
}

/** Loads `url` for `options.durationSeconds` and reports the rate of successful requests. */
export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = [AUTOCANNON, "--json", "--no-progress"];
  args.push("--connections", String(options.connections), "--pipelining", String(options.pipelining));
  args.push("--duration", String(options.durationSeconds));
  for (const [name, value] of Object.entries(options.headers)) args.push("--headers", `${name}=${value}`);
  args.push(url);

  const child = track(spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }));
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const limitMs = (options.durationSeconds + 20) * 1000;
  const timer = setTimeout(() => void stop(child), limitMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  }).finally(() => clearTimeout(timer));
  if (code !== 0) {
    throw new Error(`autocannon exited with ${code ?? "a signal"} (limit ${limitMs} ms): ${stderr.trim()}`);
  }

  const report = parseReport(stdout);
  const failures = report.errors + report.timeouts + report.non2xx;
  if (failures > 0 || report.requests.total === 0) {
    throw new Error(
      `Load on ${url} had ${report.errors} errors, ${report.timeouts} timeouts and ${report.non2xx} non-2xx ` +
        `answers out of ${report.requests.total}; the figures would be meaningless, so the bench stops.`,
    );
  }
  return {
    requestsPerSecond: report.requests.total / report.duration,
    requests: report.requests.total,
    latencyP50Ms: report.latency.p50,
    latencyP99Ms: report.latency.p99,
  };
}
