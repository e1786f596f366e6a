import { defineConfig } from "tsup";

/** Builds `dist/index.js` (ESM) and `dist/index.cjs` (CommonJS), each with its own declarations. */
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  // The build tsconfig has no `paths`: it sets `ignoreDeprecations` for tsup's dts step (TS5101).
  tsconfig: "tsconfig.build.json",
  platform: "node",
  target: "node20",
  clean: true,
});
