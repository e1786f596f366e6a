/**
 * Benchmark 1: requests per second of GET /v1/users/me over keep-alive, the Tributary server
 * against a bare node:http server that sends the very same bytes. Each server runs in a process
 * of its own and the load comes from a third; rounds alternate between the two servers (and
 * which goes first), so drift on a shared machine hits both alike. The server's own CPU time per
 * request is recorded too: it is far less sensitive to other load on the machine than req/s.
 */
import { type LoadOptions, runLoad } from "./autocannon.js";
import type { Listening } from "./child-server.js";
import { type Script, startScript } from "./spawn-script.js";
import { AUTH_HEADERS, USERS_ME_PATH, usersMeRequest } from "./users-me.js";

/** How the throughput benchmark runs. */
export interface ThroughputOptions {
  rounds: number;
  roundSeconds: number;
  /** One discarded round per server first, so both are measured warm. */
  warmupSeconds: number;
  connections: number;
  pipelining: number;
  /** Called with a line of progress after each round. */
  progress: (line: string) => void;
}

/** The two servers under test. */
export type ServerName = "bare" | "tributary";

/** What each round measured, in order, per server. */
export interface ThroughputSamples {
  requestsPerSecond: Record<ServerName, number[]>;
  /** The server process's CPU time (user + system) per request, in microseconds. */
  cpuMicrosPerRequest: Record<ServerName, number[]>;
  /** Bytes of the JSON body both servers send. */
  bodyBytes: number;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

async function get(origin: string): Promise<Answer> {
  const response = await fetch(usersMeRequest(origin));
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: await response.text(),
  };
}

/** Starts Tributary, captures its answer, starts a bare server sending the same, and checks both. */
async function startServers(started: Script<Listening>[]): Promise<Record<ServerName, Script<Listening>>> {
  const tributary = await startScript<Listening>("bench/tributary-server.ts");
  started.push(tributary);
  const expected = await get(tributary.ready.url);
  if (expected.status !== 200) {
    throw new Error(`Tributary answered GET ${USERS_ME_PATH} with ${expected.status}: ${expected.body}`);
  }
  const bare = await startScript<Listening>("bench/bare-server.ts", [expected.contentType, expected.body]);
  started.push(bare);
  const copy = await get(bare.ready.url);
  if (copy.body !== expected.body || copy.contentType !== expected.contentType) {
    throw new Error("The bare server does not send what Tributary sends; the comparison would be unfair.");
  }
  return { bare, tributary };
}

/** Runs the interleaved rounds and returns what each measured; stops both servers whatever happens. */
export async function measureThroughput(options: ThroughputOptions): Promise<ThroughputSamples> {
  const started: Script<Listening>[] = [];
  try {
    const servers = await startServers(started);
    const load = async (server: ServerName, durationSeconds: number) => {
      const loadOptions: LoadOptions = {
        connections: options.connections,
        pipelining: options.pipelining,
        durationSeconds,
        headers: AUTH_HEADERS,
      };
      const cpuBefore = await servers[server].cpuMicros();
      const result = await runLoad(servers[server].ready.url + USERS_ME_PATH, loadOptions);
      const cpuMicros = (await servers[server].cpuMicros()) - cpuBefore;
      return { ...result, cpuMicrosPerRequest: cpuMicros / result.requests };
    };
    for (const server of ["bare", "tributary"] as const) await load(server, options.warmupSeconds);

    const samples: ThroughputSamples = {
      requestsPerSecond: { bare: [], tributary: [] },
      cpuMicrosPerRequest: { bare: [], tributary: [] },
      bodyBytes: Buffer.byteLength((await get(servers.bare.ready.url)).body),
    };
    for (let round = 0; round < options.rounds; round++) {
      const order: ServerName[] = round % 2 === 0 ? ["bare", "tributary"] : ["tributary", "bare"];
      const line: string[] = [];
      for (const server of order) {
        const result = await load(server, options.roundSeconds);
        samples.requestsPerSecond[server].push(result.requestsPerSecond);
        samples.cpuMicrosPerRequest[server].push(result.cpuMicrosPerRequest);
        line.push(
          `${server} ${Math.round(result.requestsPerSecond)} req/s ${result.cpuMicrosPerRequest.toFixed(0)} µs CPU/req`,
        );
      }
      options.progress(`throughput round ${round + 1}/${options.rounds}: ${line.join(", ")}`);
    }
    return samples;
  } finally {
    await Promise.all(started.map((script) => script.stop()));
  }
}
