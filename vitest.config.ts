import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (name: string) => fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

const alias = {
  "@tributary/api": src("api"),
  "@tributary/runtime": src("runtime"),
  "@tributary/server": src("server"),
};

export default defineConfig({
  test: {
    projects: [
      ...["api", "runtime", "server"].map((name) => ({
        resolve: { alias },
        test: {
          name,
          root: `./packages/${name}`,
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      })),
      {
        // Builds every package and checks the output as published: no source aliases here.
        test: {
          name: "packaging",
          root: ".",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
