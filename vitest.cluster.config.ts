import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:cluster`: several production server processes on one PostgreSQL (TEST_DATABASE_URL), and the faults
 * (decision 0053). Apart from the main `vitest run` so it runs once; its files run side by side (their servers are
 * separate processes, mostly waiting).
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 240_000,
    maxWorkers: 3,
    fileParallelism: true,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
