/**
 * `npm run bench`: runs both benchmarks in one go and prints their figures side by side, with
 * the targets marked PASS or MISS. Progress goes to stderr, the report to stdout. See
 * bench/README.md for what each figure means.
 */
import { arch, availableParallelism, platform } from "node:os";
import { stopAll } from "./children.js";
import { formatReport, type Targets } from "./report.js";
import { startScript } from "./spawn-script.js";
import type { StartupSamples } from "./startup.js";
import { measureThroughput } from "./throughput.js";

const THROUGHPUT = { rounds: 6, roundSeconds: 3, warmupSeconds: 2, connections: 10, pipelining: 1 };
const STARTUP = { warmup: 3, runs: 30 };
const TARGETS: Targets = { throughputRatio: 0.6, startupMs: 20 };

// Exiting runs the exit hook of children.ts, which kills whatever is still running.
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

const progress = (line: string) => process.stderr.write(`${line}\n`);

async function measureStartup(): Promise<StartupSamples> {
  const script = await startScript<StartupSamples>(
    "bench/startup.ts",
    [String(STARTUP.warmup), String(STARTUP.runs)],
    60_000,
  );
  await script.stop();
  return script.ready;
}

try {
  progress("start + first request: measuring in a child process…");
  const startup = await measureStartup();
  const throughput = await measureThroughput({ ...THROUGHPUT, progress });
  const header = `Tributary bench: node ${process.version}, ${platform()} ${arch()}, ${availableParallelism()} CPUs`;
  const report = formatReport(
    { throughput: { ...THROUGHPUT, ...throughput }, startup: { ...startup, warmup: STARTUP.warmup } },
    TARGETS,
    header,
  );
  process.stdout.write(`\n${report}\n`);
} catch (error) {
  console.error("The bench failed:", error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
