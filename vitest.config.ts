import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: tests do not need the React Router plugin.
// Server code uses node:sqlite, so everything runs in the node environment.
export default defineConfig({
  test: {
    environment: "node",
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "vite-plugins/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/base-databases.ts"],
    // Two files at a time even on two cores (Vitest's own default there is one): most of an
    // integration file's time is spent waiting on the sites it starts and their databases, so two
    // files overlap their waits (the suite's Vitest part took 12 min one file at a time).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
