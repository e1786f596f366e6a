import { afterAll, describe, expect, it } from "vitest";
import { ComponentError } from "./errors.js";
import { createRuntime } from "./runtime.js";

const runtime = createRuntime({ timeoutMs: 300 });
afterAll(() => runtime.close());

const T = "u_tenant";
const load = (code: string, tenant = T) => runtime.load(code, tenant);

const source = (body: string) => `export default { name: "Demo", version: "0.1.0", ${body} async run() {} };`;

async function loadError(code: string): Promise<ComponentError> {
  const error = await load(code).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ComponentError);
  return error as ComponentError;
}

describe("runtime.load", () => {
  it("reads name, key, version, dedupe, hooks and props of an ESM component", async () => {
    const meta = await load(`
      const app = { type: "app", app: "github", propDefinitions: { repo: { type: "string", label: "Repository" } } };
      export default {
        name: "New stars", key: "github-new-stars", version: "0.2.0", dedupe: "unique",
        props: {
          github: app,
          repo: { propDefinition: [app, "repo"], description: "owner/name" },
          timer: { type: "$.interface.timer", default: { intervalSeconds: 900 } },
          db: "$.service.db",
          level: { type: "integer", min: 1, max: 5, optional: true, default: 2 },
          color: { type: "string", options: ["red", { label: "Blue", value: "blue" }] },
          tags: { type: "string[]", options() { return []; } },
        },
        hooks: { async deploy() {}, activate() {} },
        methods: { helper() {} },
        async run() {},
      };`);
    expect(meta).toMatchObject({ name: "New stars", key: "github-new-stars", version: "0.2.0", dedupe: "unique" });
    expect(meta.hooks).toEqual(["deploy", "activate"]);
    expect(meta.methods).toEqual(["helper"]);
    expect(meta.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(meta.props).toEqual([
      { name: "github", type: "app", app: "github" },
      { name: "repo", type: "string", label: "Repository", description: "owner/name" },
      { name: "timer", type: "$.interface.timer", default: { intervalSeconds: 900 } },
      { name: "db", type: "$.service.db" },
      { name: "level", type: "integer", min: 1, max: 5, optional: true, default: 2 },
      { name: "color", type: "string", options: ["red", { label: "Blue", value: "blue" }] },
      { name: "tags", type: "string[]", options: "dynamic" },
    ]);
  });

  it("loads a CommonJS component", async () => {
    const meta = await load(`module.exports = { name: "cjs", version: "1.0.0", run() {} };`);
    expect(meta.name).toBe("cjs");
  });

  it.each([
    ["a syntax error", "export default { name: ", "syntax", /does not parse at line 1/],
    ["a missing name", `export default { version: "1", run() {} }`, "invalid", /non-empty string `name`/],
    ["a missing version", `export default { name: "x", run() {} }`, "invalid", /string `version`/],
    ["a missing run", `export default { name: "x", version: "1" }`, "invalid", /`run` method/],
    ["a throwing top level", `throw new Error("boom"); export default {}`, "threw", /threw while loading: boom/],
    ["an unknown prop type", source(`props: { a: { type: "stirng" } },`), "invalid", /Prop 'a' has type 'stirng'/],
    ["an unknown hook", source(`hooks: { deploye() {} },`), "invalid", /hooks.deploye is not a hook/],
    ["a bad dedupe", source(`dedupe: "first",`), "invalid", /`dedupe` must be one of unique, greatest, last/],
    [
      "a missing npm module",
      `import axios from "axios"; export default { name: "x", version: "1", run() {} }`,
      "threw",
      /Cannot load module 'axios'/,
    ],
    ["a non-object export", `export default 42`, "invalid", /must export an object/],
  ])("refuses %s", async (_, code, kind, message) => {
    const error = await loadError(code);
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it("stops a top level that loops forever at the time limit", async () => {
    const started = Date.now();
    const error = await loadError(`while (true) {} export default {}`);
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5000);
    // The sandbox still answers afterwards.
    await expect(load(source(""))).resolves.toMatchObject({ name: "Demo" });
  });

  it("stops an async hook that never settles", async () => {
    const meta = await load(source(`hooks: { async deploy() { await null; while (true) {} } },`));
    await expect(
      runtime.runHook({ tenant: T, component: meta, hook: "deploy", props: {}, db: {} }),
    ).rejects.toMatchObject({
      kind: "timeout",
      message: "The component ran longer than the 300 ms limit.",
    });
    // The tenant gets a fresh process for its next call.
    await expect(load(source(`key: "after",`))).resolves.toMatchObject({ key: "after" });
  });

  it("gives component code no files, processes, environment or signals, even through the host process", async () => {
    const meta = await load(
      source(`props: { db: "$.service.db" }, hooks: { deploy() {
        // Any host function's constructor evaluates in the sandbox process's own realm.
        const proc = Buffer.constructor("return process")();
        const attempt = (name, fn) => { try { fn(); this.db.set(name, "allowed"); } catch (e) { this.db.set(name, String(e.code || e.message)); } };
        attempt("readFile", () => proc.getBuiltinModule("fs").readFileSync("/etc/hostname"));
        attempt("spawn", () => proc.getBuiltinModule("child_process").execSync("id"));
        attempt("worker", () => new (proc.getBuiltinModule("worker_threads").Worker)("1", { eval: true }));
        attempt("signal", () => proc.kill(proc.ppid, 0));
        attempt("restore", () => { proc.kill = () => "replaced"; if (proc.kill() === "replaced") throw new Error("restored"); });
        this.db.set("env", Object.keys(proc.env).length);
      } },`),
    );
    const { db } = await runtime.runHook({ tenant: T, component: meta, hook: "deploy", props: {}, db: {} });
    expect(db).toEqual({
      readFile: "ERR_ACCESS_DENIED",
      spawn: "ERR_ACCESS_DENIED",
      worker: "ERR_ACCESS_DENIED",
      signal: "process.kill is not available in the sandbox.",
      // Sloppy-mode assignment is ignored; the stub stays.
      restore: "process.kill is not available in the sandbox.",
      env: 0,
    });
  });
});

describe("runtime.runHook", () => {
  it("passes props, db and $emit to the hook and returns emits, db and logs", async () => {
    const meta = await load(
      source(`props: { db: "$.service.db", who: { type: "string" } },
        hooks: { deploy() {
          console.log("deploying for", this.who);
          this.db.set("count", (this.db.get("count") ?? 0) + 1);
          this.$emit({ hello: this.who }, { id: "a1", summary: "hi" });
        } },`),
    );
    const result = await runtime.runHook({
      tenant: T,
      component: meta,
      hook: "deploy",
      props: { who: "ada" },
      db: { count: 4 },
    });
    expect(result.db).toEqual({ count: 5 });
    expect(result.emits).toEqual([{ event: { hello: "ada" }, meta: { id: "a1", summary: "hi" } }]);
    expect(result.logs).toEqual([expect.objectContaining({ level: "log", message: "deploying for ada" })]);
  });

  it("rejects with the hook's own message when it throws", async () => {
    const meta = await load(source(`hooks: { async activate() { throw new Error("no token"); } },`));
    await expect(
      runtime.runHook({ tenant: T, component: meta, hook: "activate", props: {}, db: {} }),
    ).rejects.toMatchObject({
      kind: "threw",
      message: "The activate hook threw: no token",
    });
  });
});

describe("components that misbehave while being read", () => {
  it("blames the component when a getter of its export throws", async () => {
    const error = await loadError(
      `export default { name: "x", version: "1", run() {}, get props() { throw new Error("no props today"); } };`,
    );
    expect(error.kind).toBe("threw");
    expect(error.message).toBe("The component threw while being read: no props today");
  });

  it("blames the component when a getter throws while a hook is prepared", async () => {
    // Loading reads props before hooks; running a hook reads hooks first, so only that throws.
    const meta = await load(
      `let hooksRead = false;
       export default { name: "x", version: "1", run() {},
         get hooks() { hooksRead = true; return { deploy() {} }; },
         get props() { if (hooksRead) throw new Error("props after hooks"); return {}; } };`,
    );
    await expect(
      runtime.runHook({ tenant: T, component: meta, hook: "deploy", props: {}, db: {} }),
    ).rejects.toMatchObject({
      kind: "threw",
      message: "The component threw while preparing the deploy hook: props after hooks",
    });
  });
});

describe("tenants and sandbox processes", () => {
  it("runs each tenant in its own process, so one tenant's tampering never reaches another", async () => {
    const spy = await load(
      source(`props: { db: "$.service.db" }, hooks: { deploy() {
        const proc = Buffer.constructor("return process")();
        const realm = Buffer.constructor("return globalThis")();
        if (!realm.captured) {
          realm.captured = [];
          proc.on("message", (m) => realm.captured.push(JSON.stringify(m.props ?? null)));
        }
        this.db.set("captured", realm.captured.slice());
        this.db.set("pid", proc.pid);
      } },`),
      "u_spy",
    );
    const victim = await load(
      source(`props: { token: { type: "string" }, db: "$.service.db" }, hooks: { deploy() {
        this.db.set("pid", Buffer.constructor("return process")().pid);
      } },`),
      "u_victim",
    );
    const first = await runtime.runHook({ tenant: "u_spy", component: spy, hook: "deploy", props: {}, db: {} });
    const victimRun = await runtime.runHook({
      tenant: "u_victim",
      component: victim,
      hook: "deploy",
      props: { token: "VICTIM-SECRET" },
      db: {},
    });
    const second = await runtime.runHook({ tenant: "u_spy", component: spy, hook: "deploy", props: {}, db: {} });
    expect(victimRun.db.pid).not.toBe(first.db.pid);
    expect(second.db.pid).toBe(first.db.pid);
    expect(JSON.stringify(second.db.captured)).not.toContain("VICTIM-SECRET");
  });

  it("keeps another tenant's calls on time while one tenant's call spins", async () => {
    const spinner = await load(source(`hooks: { async deploy() { await null; for (;;) {} } },`), "u_spinner");
    const quick = await load(
      source(`hooks: { async deploy() { await new Promise((r) => setTimeout(r, 50)); } },`),
      "u_quick",
    );
    const spinning = runtime.runHook({ tenant: "u_spinner", component: spinner, hook: "deploy", props: {}, db: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const onTime = runtime.runHook({ tenant: "u_quick", component: quick, hook: "deploy", props: {}, db: {} });
    await expect(onTime).resolves.toMatchObject({ emits: [] });
    await expect(spinning).rejects.toMatchObject({ kind: "timeout" });
  });

  it("fails a tenant's other calls in the process an overrun kills, without running them again", async () => {
    const spinner = await load(source(`hooks: { async deploy() { await null; for (;;) {} } },`), "u_both");
    const waiter = await load(
      source(`hooks: { async deploy() { await new Promise((r) => setTimeout(r, 200)); } },`),
      "u_both",
    );
    const spinning = runtime.runHook({ tenant: "u_both", component: spinner, hook: "deploy", props: {}, db: {} });
    const waiting = runtime.runHook({ tenant: "u_both", component: waiter, hook: "deploy", props: {}, db: {} });
    const outcomes = await Promise.allSettled([spinning, waiting]);
    expect(outcomes.map((o) => (o.status === "rejected" ? (o.reason as { kind: string }).kind : "ok"))).toEqual([
      "timeout",
      "crashed",
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/restarted/);
    await expect(load(source(""), "u_both")).resolves.toMatchObject({ name: "Demo" });
  });

  it("reports a component that ends its own process as crashed, and starts a new one after", async () => {
    const quitter = await load(
      source(`hooks: { deploy() { Buffer.constructor("return process")().exit(3); } },`),
      "u_quit",
    );
    await expect(
      runtime.runHook({ tenant: "u_quit", component: quitter, hook: "deploy", props: {}, db: {} }),
    ).rejects.toMatchObject({ kind: "crashed" });
    await expect(load(source(""), "u_quit")).resolves.toMatchObject({ name: "Demo" });
  });

  it("reports a component that runs its process out of memory as crashed", async () => {
    const small = createRuntime({ timeoutMs: 5000, maxHeapMb: 32 });
    try {
      const hog = await small.load(
        source(`hooks: { deploy() { const keep = []; for (;;) keep.push(new Array(1e6).fill(keep.length)); } },`),
        T,
      );
      await expect(
        small.runHook({ tenant: T, component: hog, hook: "deploy", props: {}, db: {} }),
      ).rejects.toMatchObject({
        kind: "crashed",
        message: expect.stringMatching(/out of memory/),
      });
      await expect(small.load(source(""), T)).resolves.toMatchObject({ name: "Demo" });
    } finally {
      await small.close();
    }
  });

  it("answers the same error when the same code that V8 refuses is loaded twice", async () => {
    // esbuild accepts duplicate named groups; V8 does not.
    const code = 'const r = /(?<a>x)(?<a>y)/; module.exports = { name: "m", version: "1", run() {} };';
    const first = await loadError(code);
    const second = await loadError(code);
    expect(first.kind).toBe("syntax");
    expect(second.kind).toBe("syntax");
    expect(second.message).toBe(first.message);
  });

  it("fails calls still running when the runtime closes", async () => {
    const own = createRuntime({ timeoutMs: 2000 });
    const slow = await own.load(
      source(`hooks: { async deploy() { await new Promise((r) => setTimeout(r, 1000)); } },`),
      T,
    );
    const running = own
      .runHook({ tenant: T, component: slow, hook: "deploy", props: {}, db: {} })
      .catch((e: Error) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await own.close();
    expect(await running).toMatchObject({ message: expect.stringMatching(/closed/) });
  });
});

describe("a sandbox that does not play by the rules", () => {
  const own = createRuntime({ timeoutMs: 300 });
  afterAll(() => own.close());
  const proc = `Buffer.constructor("return process")()`;

  it("stops a sandbox whose code writes to the protocol stream, and starts a clean one after", async () => {
    const noisy = await own.load(
      source(
        `hooks: { async deploy() { ${proc}.stdout.write("garbage\\n"); await new Promise((r) => setTimeout(r, 100)); } },`,
      ),
      "u_noisy",
    );
    await expect(
      own.runHook({ tenant: "u_noisy", component: noisy, hook: "deploy", props: {}, db: {} }),
    ).rejects.toMatchObject({
      kind: "crashed",
      message: expect.stringMatching(/not a sandbox answer/),
    });
    await expect(own.load(source(""), "u_noisy")).resolves.toMatchObject({ name: "Demo" });
  });

  it("refuses forged answers of the wrong shape instead of passing them on", async () => {
    const forger = await own.load(
      source(`hooks: { async deploy() {
        for (let id = 1; id < 200; id++) ${proc}.stdout.write(JSON.stringify({ id, ok: true, result: { emits: 5, db: {}, logs: [] } }) + "\\n");
        await new Promise((r) => setTimeout(r, 100));
      } },`),
      "u_forger",
    );
    await expect(
      own.runHook({ tenant: "u_forger", component: forger, hook: "deploy", props: {}, db: {} }),
    ).rejects.toMatchObject({
      kind: "crashed",
      message: expect.stringMatching(/malformed answer/),
    });
  });

  it("reports a thrown value whose every property throws as the component's fault", async () => {
    const nasty = await own.load(
      source(`hooks: { deploy() {
        throw new Proxy({}, { get() { throw new Error("no"); }, getPrototypeOf() { throw new Error("no"); } });
      } },`),
      "u_nasty",
    );
    await expect(
      own.runHook({ tenant: "u_nasty", component: nasty, hook: "deploy", props: {}, db: {} }),
    ).rejects.toMatchObject({
      kind: "threw",
      message: "The deploy hook threw: <unprintable error>",
    });
  });

  it("times each call from when it starts, so a tenant's queued calls are not cut short", async () => {
    const busy = await own.load(
      source(`hooks: { deploy() { const end = Date.now() + 150; while (Date.now() < end) {} } },`),
      "u_busy",
    );
    const calls = [1, 2, 3, 4].map(() =>
      own.runHook({ tenant: "u_busy", component: busy, hook: "deploy", props: {}, db: {} }),
    );
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
  });

  it("gives all of a call's steps one deadline, and stops an overrun in place without a restart", async () => {
    const slow = `const end = Date.now() + 200; while (Date.now() < end) {}
      export default { name: "slow", version: "1", props: { db: "$.service.db" }, run() {},
        hooks: { deploy() { this.db.set("pid", ${proc}.pid); const end = Date.now() + 200; while (Date.now() < end) {} } } };`;
    const meta = await own.load(slow, "u_slow");
    await expect(
      own.runHook({ tenant: "u_slow", component: meta, hook: "deploy", props: {}, db: {} }),
    ).rejects.toMatchObject({
      kind: "timeout",
    });
    const probe = await own.load(
      source(`props: { db: "$.service.db" }, hooks: { deploy() { this.db.set("pid", ${proc}.pid); } },`),
      "u_slow",
    );
    const first = await own.runHook({ tenant: "u_slow", component: probe, hook: "deploy", props: {}, db: {} });
    const second = await own.runHook({ tenant: "u_slow", component: probe, hook: "deploy", props: {}, db: {} });
    expect(second.db.pid).toBe(first.db.pid);
  });

  it("stops a sandbox whose memory outside the heap grows past its limit", async () => {
    const small = createRuntime({ timeoutMs: 5000, maxRssMb: 200 });
    try {
      const hog = await small.load(
        source(`hooks: { async deploy() {
          const realm = Buffer.constructor("return globalThis")();
          realm.kept = Array.from({ length: 6 }, () => Buffer.alloc(64 * 1024 * 1024, 1));
          await new Promise((r) => setTimeout(r, 3000));
        } },`),
        "u_hog",
      );
      await expect(
        small.runHook({ tenant: "u_hog", component: hog, hook: "deploy", props: {}, db: {} }),
      ).rejects.toMatchObject({
        kind: "crashed",
        message: expect.stringMatching(/more than 200 MB/),
      });
    } finally {
      await small.close();
    }
  });
});
