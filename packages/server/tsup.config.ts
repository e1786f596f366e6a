import { rmSync } from "node:fs";
import { defineConfig } from "tsup";

/**
 * Builds the library as `dist/index.js` (ESM) and `dist/index.cjs` (CommonJS), each with its own
 * declarations, and the `tributary` bin as `dist/cli.js` (ESM only; tsup keeps its shebang and
 * marks it executable).
 */
export default defineConfig(() => {
  // tsup runs the two builds below at the same time, so neither may clean `dist/` itself.
  rmSync("dist", { recursive: true, force: true });
  const shared = {
    // The build tsconfig has no `paths`, so `@tributary/*` resolve to their built packages and stay
    // external; it sets `ignoreDeprecations` for tsup's dts step (TS5101).
    tsconfig: "tsconfig.build.json",
    platform: "node",
    target: "node20",
  } as const;
  return [
    { ...shared, entry: { index: "src/index.ts" }, format: ["esm", "cjs"], dts: true },
    { ...shared, entry: { cli: "src/cli.ts" }, format: ["esm"] },
  ];
});
