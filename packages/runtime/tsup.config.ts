import { copyFileSync } from "node:fs";
import { defineConfig } from "tsup";

/**
 * Builds `dist/index.js` (ESM) and `dist/index.cjs` (CommonJS), each with its own declarations,
 * and copies the sandbox script beside them as `dist/sandbox-worker.cjs`, where `workerPath()`
 * in `src/sandbox/sandbox-pool.ts` looks for it in a build.
 */
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  // The build tsconfig has no `paths`, so `@tributary/api` resolves to its built package and stays
  // external; it sets `ignoreDeprecations` for tsup's dts step (TS5101).
  tsconfig: "tsconfig.build.json",
  platform: "node",
  target: "node20",
  // `workerPath()` reads `__dirname` in CommonJS and `import.meta.url` in ESM; the shims keep
  // esbuild from emptying `import.meta` in the CommonJS output.
  shims: true,
  clean: true,
  onSuccess: async () => {
    copyFileSync("src/sandbox/worker.cjs", "dist/sandbox-worker.cjs");
  },
});
