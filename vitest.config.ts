import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

// Two projects: pure/unit and component tests, and server tests against a real database.
// Server tests run one file at a time per worker with its own embedded database.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/common/**/*.test.ts", "src/client/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["src/client/test-setup.ts"],
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          fileParallelism: false,
          globalSetup: ["src/server/test-support/global-setup.ts"],
        },
      },
    ],
  },
});
