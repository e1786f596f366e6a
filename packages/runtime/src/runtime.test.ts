import { afterAll, describe, expect, it } from "vitest";
import { ComponentError } from "./errors.js";
import { createRuntime } from "./runtime.js";

const runtime = createRuntime({ timeoutMs: 300, size: 2 });
afterAll(() => runtime.close());

const source = (body: string) => `export default { name: "Demo", version: "0.1.0", ${body} async run() {} };`;

async function loadError(code: string): Promise<ComponentError> {
  const error = await runtime.load(code).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ComponentError);
  return error as ComponentError;
}

describe("runtime.load", () => {
  it("reads name, key, version, dedupe, hooks and props of an ESM component", async () => {
    const meta = await runtime.load(`
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
    const meta = await runtime.load(`module.exports = { name: "cjs", version: "1.0.0", run() {} };`);
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
    await expect(runtime.load(source(""))).resolves.toMatchObject({ name: "Demo" });
  });

  it("stops an async hook that never settles and keeps serving other calls", async () => {
    const meta = await runtime.load(source(`hooks: { async deploy() { await null; while (true) {} } },`));
    const hung = runtime.runHook({ component: meta, hook: "deploy", props: {}, db: {} });
    const other = runtime.load(source(`key: "other",`));
    await expect(hung).rejects.toMatchObject({ kind: "timeout" });
    await expect(other).resolves.toMatchObject({ key: "other" });
  });

  it("gives component code no access to files, environment or the host process", async () => {
    const meta = await runtime.load(
      source(`props: { db: "$.service.db" }, hooks: { deploy() {
        const proc = this.constructor.constructor("return process")();
        let file; try { proc.mainModule; require("fs"); file = "read"; } catch (e) { file = e.message; }
        let fsDenied; try { proc.binding("fs"); fsDenied = "binding"; } catch (e) { fsDenied = e.code || e.message; }
        this.db.set("env", Object.keys(proc.env).length);
        this.db.set("file", file);
        this.db.set("binding", fsDenied);
        this.db.set("pid", proc.pid !== globalThis.process?.pid);
      } },`),
    );
    const result = await runtime.runHook({ component: meta, hook: "deploy", props: {}, db: {} });
    expect(result.db.env).toBe(0);
    expect(result.db.file).toMatch(/Cannot load module 'fs'/);
    expect(result.db.binding).not.toBe("binding");
  });
});

describe("runtime.runHook", () => {
  it("passes props, db and $emit to the hook and returns emits, db and logs", async () => {
    const meta = await runtime.load(
      source(`props: { db: "$.service.db", who: { type: "string" } },
        hooks: { deploy() {
          console.log("deploying for", this.who);
          this.db.set("count", (this.db.get("count") ?? 0) + 1);
          this.$emit({ hello: this.who }, { id: "a1", summary: "hi" });
        } },`),
    );
    const result = await runtime.runHook({ component: meta, hook: "deploy", props: { who: "ada" }, db: { count: 4 } });
    expect(result.db).toEqual({ count: 5 });
    expect(result.emits).toEqual([{ event: { hello: "ada" }, meta: { id: "a1", summary: "hi" } }]);
    expect(result.logs).toEqual([expect.objectContaining({ level: "log", message: "deploying for ada" })]);
  });

  it("rejects with the hook's own message when it throws", async () => {
    const meta = await runtime.load(source(`hooks: { async activate() { throw new Error("no token"); } },`));
    await expect(runtime.runHook({ component: meta, hook: "activate", props: {}, db: {} })).rejects.toMatchObject({
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
    const meta = await runtime.load(
      `let hooksRead = false;
       export default { name: "x", version: "1", run() {},
         get hooks() { hooksRead = true; return { deploy() {} }; },
         get props() { if (hooksRead) throw new Error("props after hooks"); return {}; } };`,
    );
    await expect(runtime.runHook({ component: meta, hook: "deploy", props: {}, db: {} })).rejects.toMatchObject({
      kind: "threw",
      message: "The component threw while preparing the deploy hook: props after hooks",
    });
  });
});
