/**
 * The bench's printout: both benchmarks as compact tables of medians and ratios, then each
 * target with PASS or MISS.
 */
import { median, percentile } from "./median.js";
import type { StartupSamples } from "./startup.js";
import { formatTable } from "./table.js";
import type { ThroughputSamples } from "./throughput.js";

/** What the targets ask for. */
export interface Targets {
  /** Lowest acceptable median req/s of Tributary divided by that of the bare server. */
  throughputRatio: number;
  /** Highest acceptable median ms of start plus first request. */
  startupMs: number;
}

/** Everything measured, with the settings it was measured under. */
export interface Figures {
  throughput: ThroughputSamples & { rounds: number; roundSeconds: number; connections: number; pipelining: number };
  startup: StartupSamples & { warmup: number };
}

const whole = (value: number) => Math.round(value).toLocaleString("en-US");
const fixed = (digits: number) => (value: number) => value.toFixed(digits);

function throughputSection(figures: Figures["throughput"]): { text: string; ratio: number } {
  const rps = figures.requestsPerSecond;
  const cpu = figures.cpuMicrosPerRequest;
  const ratio = median(rps.tributary) / median(rps.bare);
  const rpsRatios = rps.tributary.map((value, round) => value / rps.bare[round]!);
  const cpuRatios = cpu.bare.map((value, round) => value / cpu.tributary[round]!);
  const row = (label: string, samples: readonly number[], format: (value: number) => string) => [
    label,
    format(median(samples)),
    ...samples.map(format),
  ];
  const text = [
    `Throughput: GET /v1/users/me with a ${figures.bodyBytes}-byte JSON answer, keep-alive, ` +
      `${figures.connections} connections, pipelining ${figures.pipelining}`,
    `${figures.rounds} rounds of ${figures.roundSeconds} s per server, alternating; load from a separate process`,
    formatTable([
      ["", "median", ...rpsRatios.map((_, round) => `round ${round + 1}`)],
      row("bare node:http req/s", rps.bare, whole),
      row("tributary req/s", rps.tributary, whole),
      ["tributary / bare req/s", fixed(2)(ratio), ...rpsRatios.map(fixed(2))],
      row("bare CPU µs/request", cpu.bare, fixed(1)),
      row("tributary CPU µs/request", cpu.tributary, fixed(1)),
      row("bare / tributary CPU", cpuRatios, fixed(2)),
    ]),
    `  (req/s ratio is of the medians; the median of the per-round req/s ratios is ${fixed(2)(median(rpsRatios))})`,
  ].join("\n");
  return { text, ratio };
}

function startupSection(figures: Figures["startup"]): { text: string; medianMs: number } {
  const row = (label: string, samples: readonly number[]) => [
    label,
    fixed(2)(median(samples)),
    fixed(2)(percentile(samples, 90)),
  ];
  const medianMs = median(figures.tributary);
  const text = [
    "Start + first request, in-process: construct, fetch GET /v1/users/me, read the body",
    `${figures.tributary.length} runs each after ${figures.warmup} warm-up, alternating; modules imported beforehand`,
    formatTable([
      ["", "median ms", "p90 ms"],
      row("bare Hono app, one route", figures.hono),
      row("tributary createServer", figures.tributary),
      ["tributary / Hono", `${fixed(1)(medianMs / median(figures.hono))}x`, ""],
    ]),
  ].join("\n");
  return { text, medianMs };
}

/** The full printout for `figures` against `targets`. */
export function formatReport(figures: Figures, targets: Targets, header: string): string {
  const throughput = throughputSection(figures.throughput);
  const startup = startupSection(figures.startup);
  const verdict = (pass: boolean) => (pass ? "PASS" : "MISS");
  const targetRows = [
    [
      verdict(throughput.ratio >= targets.throughputRatio),
      `throughput tributary / bare >= ${fixed(2)(targets.throughputRatio)}`,
      `got ${fixed(2)(throughput.ratio)}`,
    ],
    [
      verdict(startup.medianMs <= targets.startupMs),
      `start + first request median <= ${targets.startupMs} ms`,
      `got ${fixed(2)(startup.medianMs)} ms`,
    ],
  ];
  return [
    header,
    "",
    throughput.text,
    "",
    startup.text,
    "",
    "Targets",
    formatTable(targetRows, { align: "left" }),
  ].join("\n");
}
