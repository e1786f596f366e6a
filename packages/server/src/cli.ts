#!/usr/bin/env node
/**
 * The `tributary` command: `tributary serve [--port N] [--host H]` starts the reference server
 * with a demo account and prints where it is and how to reach it.
 */
import { parseArgs } from "node:util";
import { createServer } from "./create-server.js";

const USAGE = `Usage: tributary serve [--port <port>] [--host <host>]

Starts the Tributary reference server with a demo account.

Options:
  --port <port>   port to listen on (env PORT, default 4010; 0 picks a free one)
  --host <host>   address to bind (env HOST, default 127.0.0.1)
  -h, --help      show this help

Environment:
  TRIBUTARY_API_KEY      the demo user's API key (random when unset)
  TRIBUTARY_ADMIN_TOKEN  the control-plane token for /_tributary (random when unset)
`;

function fail(message: string): never {
  process.stderr.write(`tributary: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    fail(`--port must be an integer from 0 to 65535, got ${JSON.stringify(value)}`);
  return port;
}

async function main(argv: string[]): Promise<void> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { port: { type: "string" }, host: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const command = positionals[0] ?? "serve";
  if (command !== "serve") fail(`unknown command ${JSON.stringify(command)}`);

  const port = parsePort(String(values.port ?? (process.env.PORT || "4010")));
  const host = String(values.host ?? (process.env.HOST || "127.0.0.1"));
  const apiKey = process.env.TRIBUTARY_API_KEY || undefined;
  const adminToken = process.env.TRIBUTARY_ADMIN_TOKEN || undefined;
  const server = createServer({
    ...(adminToken ? { adminToken } : {}),
    demo: apiKey ? { apiKey } : {},
  });
  let running: Awaited<ReturnType<typeof server.listen>>;
  try {
    running = await server.listen({ port, host });
  } catch (error) {
    await server.close();
    fail(`cannot listen on ${host}:${port}: ${(error as Error).message}`);
  }
  const demo = server.demo;
  process.stdout.write(
    [
      `Tributary reference server listening`,
      `  base URL:     ${running.baseUrl}`,
      `  demo user:    ${demo?.username} (${demo?.userId})`,
      `  demo API key: ${demo?.apiKey}`,
      `  workspace:    ${demo?.workspaceId}`,
      `  admin token:  ${server.adminToken}`,
      ``,
      `  curl -H "Authorization: Bearer ${demo?.apiKey}" ${running.baseUrl}/users/me`,
      ``,
    ].join("\n"),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal} received, stopping\n`);
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

void main(process.argv.slice(2));
