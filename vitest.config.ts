import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: tests do not need the React Router plugin.
// Server code uses node:sqlite, so everything runs in the node environment.
export default defineConfig({
  test: {
    environment: "node",
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "vite-plugins/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/base-databases.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
