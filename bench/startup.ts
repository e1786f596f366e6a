/**
 * Child process, benchmark 2: milliseconds from `createServer()` to the first answer's body read
 * in full, in-process through `server.fetch`, beside a bare Hono app with one route doing the
 * same. Modules are imported before timing starts, so import cost is excluded; `server.close()`
 * runs after each sample, untimed. Usage: `startup.ts [warm-up runs] [timed runs]`. Prints one
 * JSON line of {@link StartupSamples} and exits.
 */
import { createServer } from "@tributary/server";
import { Hono } from "hono";
import { API_KEY, USERS_ME_PATH, usersMeRequest } from "./users-me.js";

/** Milliseconds of each timed run, in order. */
export interface StartupSamples {
  tributary: number[];
  hono: number[];
}

const ORIGIN = "http://tributary.test";
const WARMUP = Number(process.argv[2] ?? 3);
const RUNS = Number(process.argv[3] ?? 30);
if (!Number.isInteger(WARMUP) || !Number.isInteger(RUNS) || WARMUP < 0 || RUNS < 1) {
  throw new Error("startup.ts takes two whole numbers: warm-up runs (0 or more) and timed runs (1 or more).");
}

async function tributaryOnce(): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const server = createServer({ demo: { apiKey: API_KEY } });
  const response = await server.fetch(usersMeRequest(ORIGIN));
  const body = await response.text();
  const ms = performance.now() - started;
  await server.close();
  if (response.status !== 200) throw new Error(`Tributary answered ${response.status}: ${body}`);
  return { ms, body };
}

async function honoOnce(data: unknown): Promise<number> {
  const started = performance.now();
  const app = new Hono();
  app.get(USERS_ME_PATH, (c) => c.json(data));
  const response = await app.fetch(usersMeRequest(ORIGIN));
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`The Hono baseline answered ${response.status}: ${body}`);
  return ms;
}

// The baseline serves the same JSON that Tributary sends, so both build and send the same body.
const data: unknown = JSON.parse((await tributaryOnce()).body);
const samples: StartupSamples = { tributary: [], hono: [] };
for (let run = 0; run < WARMUP + RUNS; run++) {
  // Alternate which goes first, so that neither always runs in the other's garbage.
  let tributaryMs: number;
  let honoMs: number;
  if (run % 2 === 0) {
    tributaryMs = (await tributaryOnce()).ms;
    honoMs = await honoOnce(data);
  } else {
    honoMs = await honoOnce(data);
    tributaryMs = (await tributaryOnce()).ms;
  }
  if (run < WARMUP) continue;
  samples.tributary.push(tributaryMs);
  samples.hono.push(honoMs);
}
process.stdout.write(`${JSON.stringify(samples)}\n`);
