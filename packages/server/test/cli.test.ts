import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../../node_modules/.bin/tsx", import.meta.url));
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(tsx, [cli, ...args], {
    cwd: root,
    env: { ...process.env, PORT: "", HOST: "", TRIBUTARY_API_KEY: "", TRIBUTARY_ADMIN_TOKEN: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const output = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = stdout.match(pattern);
        if (match) resolve(match);
      };
      child.stdout?.on("data", check);
      check();
      void exited.then(() => reject(new Error(`exited before printing ${pattern}: ${stdout}\n${stderr}`)));
    });
  return { child, output, exited, text: () => ({ stdout, stderr }) };
}

describe("tributary serve", () => {
  it("prints the base URL, demo key and admin token, serves them, and stops on SIGTERM", async () => {
    const run = start(["serve", "--port", "0"], {
      TRIBUTARY_API_KEY: "cli-demo-key-0123456789",
      TRIBUTARY_ADMIN_TOKEN: "cli-admin-token-0123456789",
    });
    const [, baseUrl] = await run.output(/base URL:\s+(http:\/\/127\.0\.0\.1:\d+\/v1)\n/);
    const { stdout } = run.text();
    expect(stdout).toMatch(/demo API key: cli-demo-key-0123456789/);
    expect(stdout).toMatch(/admin token:\s+cli-admin-token-0123456789/);

    const me = await fetch(`${baseUrl}/users/me`, { headers: { authorization: "Bearer cli-demo-key-0123456789" } });
    expect(me.status).toBe(200);
    expect((await me.json()).data.username).toBe("demo");
    const origin = baseUrl!.replace(/\/v1$/, "");
    const created = await fetch(`${origin}/_tributary/users`, {
      method: "POST",
      headers: { authorization: "Bearer cli-admin-token-0123456789", "content-type": "application/json" },
      body: JSON.stringify({ username: "second" }),
    });
    expect(created.status).toBe(201);
    const denied = await fetch(`${baseUrl}/users/me`);
    expect(denied.status).toBe(401);

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(run.text().stdout).toMatch(/SIGTERM received, stopping/);
    await expect(fetch(`${baseUrl}/users/me`)).rejects.toThrow();
  });

  it("makes up a demo key and admin token when none are set, and reads PORT", async () => {
    const run = start(["serve"], { PORT: "0" });
    const [, key] = await run.output(/demo API key: ([0-9a-f]{48})\n/);
    const [, baseUrl] = await run.output(/base URL:\s+(\S+)\n/);
    const me = await fetch(`${baseUrl}/users/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
  });

  it("refuses a bad port with usage and exit code 2", async () => {
    const run = start(["serve", "--port", "http"]);
    expect(await run.exited).toBe(2);
    expect(run.text().stderr).toMatch(/--port must be an integer from 0 to 65535/);
    expect(run.text().stderr).toMatch(/Usage: tributary serve/);
  });
});
