/**
 * Packaging: builds every package the way it is published, then checks what a user would get.
 * publint and are-the-types-wrong lint each package as `npm pack` would ship it, and child `node`
 * processes load the built output as ESM and as CommonJS through the package names, so the
 * `exports` map, the bundles, the `tributary` bin and the sandbox worker copied into `dist/`
 * are all exercised. Unlike the unit suites this needs the build; it runs it once itself.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to the end and resolves with its exit code and output, never rejecting. */
function run(command: string, args: string[], cwd = root): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs `node -e script` from the repository root, as ESM or as CommonJS. */
function node(type: "module" | "commonjs", script: string): Promise<RunResult> {
  return run(process.execPath, [`--input-type=${type}`, "-e", script]);
}

function output(result: RunResult): string {
  return `exit code ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}

const bundles = ["dist/index.js", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts"];

const packages = [
  { name: "api", exports: ["buildOpenApiDocument", "Source", "createIdGenerator", "isId"], files: bundles },
  {
    name: "runtime",
    exports: ["createRuntime", "ManualClock", "ComponentError"],
    files: [...bundles, "dist/sandbox-worker.cjs"],
  },
  { name: "server", exports: ["createServer", "MemoryStore", "ApiError"], files: [...bundles, "dist/cli.js"] },
] as const;

const component = 'export default { name: "x", version: "1", run() {} }';

beforeAll(async () => {
  const build = await run("npm", ["run", "build"]);
  expect(build.code, output(build)).toBe(0);
});

for (const { name, exports, files } of packages) {
  const specifier = `@tributary/${name}`;
  const dir = `packages/${name}`;

  describe(specifier, () => {
    it("packs its built files", async () => {
      const result = await run("npm", ["pack", "--dry-run", "--json"], `${root}/${dir}`);
      expect(result.code, output(result)).toBe(0);
      const [packed] = JSON.parse(result.stdout) as { files: { path: string }[] }[];
      expect(packed?.files.map((file) => file.path)).toEqual(expect.arrayContaining([...files, "package.json"]));
    });

    it("passes publint", async () => {
      const result = await run("npx", ["--no", "--", "publint", "run", dir, "--strict"]);
      expect(result.code, output(result)).toBe(0);
    });

    it("passes are-the-types-wrong", async () => {
      // The default `strict` profile checks node10, node16 (from ESM and from CommonJS) and bundler
      // resolution. These packages are Node-only (engines >= 20.19), so `--profile node16` would be
      // enough, but `main` and `types` keep node10 resolvers working too and this keeps them honest.
      const result = await run("npx", ["--no", "--", "attw", "--pack", dir, "--format", "ascii", "--no-color"]);
      expect(result.code, output(result)).toBe(0);
    });

    it("imports as ESM from dist/index.js", async () => {
      const result = await node(
        "module",
        `const mod = await import(${JSON.stringify(specifier)});
      console.log(JSON.stringify({ file: import.meta.resolve(${JSON.stringify(specifier)}), names: Object.keys(mod) }));`,
      );
      expect(result.code, output(result)).toBe(0);
      const { file, names } = JSON.parse(result.stdout) as { file: string; names: string[] };
      expect(file).toMatch(new RegExp(`/packages/${name}/dist/index\\.js$`));
      expect(names).toEqual(expect.arrayContaining([...exports]));
    });

    it("requires as CommonJS from dist/index.cjs", async () => {
      const result = await node(
        "commonjs",
        `const { createRequire } = require("node:module");
      const load = createRequire(${JSON.stringify(`${root}/package.json`)});
      const mod = load(${JSON.stringify(specifier)});
      console.log(JSON.stringify({ file: load.resolve(${JSON.stringify(specifier)}), names: Object.keys(mod) }));`,
      );
      expect(result.code, output(result)).toBe(0);
      const { file, names } = JSON.parse(result.stdout) as { file: string; names: string[] };
      expect(file).toMatch(new RegExp(`/packages/${name}/dist/index\\.cjs$`));
      expect(names).toEqual(expect.arrayContaining([...exports]));
    });
  });
}

describe("the built runtime", () => {
  // These check loading, not shutdown: the scripts close the runtime without a top-level `await`,
  // because `close()` waits for an unref'd sandbox process to exit, which a process with nothing
  // else to do never sees (Node ends it with exit code 13, "unsettled top-level await").
  it("loads a component in the sandbox from the ESM build", async () => {
    const result = await node(
      "module",
      `import { createRuntime } from "@tributary/runtime";
      const runtime = createRuntime();
      runtime.load(${JSON.stringify(component)}).then((meta) => { console.log(meta.name); return runtime.close(); });`,
    );
    expect(result.code, output(result)).toBe(0);
    expect(result.stdout.trim()).toBe("x");
  });

  it("loads a component in the sandbox from the CommonJS build", async () => {
    const result = await node(
      "commonjs",
      `const { createRuntime } = require(${JSON.stringify(`${root}/packages/runtime/dist/index.cjs`)});
      const runtime = createRuntime();
      runtime.load(${JSON.stringify(component)}).then((meta) => { console.log(meta.name); return runtime.close(); });`,
    );
    expect(result.code, output(result)).toBe(0);
    expect(result.stdout.trim()).toBe("x");
  });
});

describe("the built tributary bin", () => {
  it("prints its usage for --help and exits 0", async () => {
    const result = await run(process.execPath, ["packages/server/dist/cli.js", "--help"]);
    expect(result.code, output(result)).toBe(0);
    expect(result.stdout).toMatch(/^Usage: tributary serve/);
  });

  it("runs as an executable through its shebang", async () => {
    const result = await run(`${root}/packages/server/dist/cli.js`, ["--help"]);
    expect(result.code, output(result)).toBe(0);
    expect(result.stdout).toMatch(/^Usage: tributary serve/);
  });
});
