import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

// Two projects: pure/unit and component tests, and server tests against a real database.
// Issue 28: both cores work (two workers), and server test files run side by side, each with its
// own database copied from the run's template (test-support/templates.ts), so no file sees
// another's data. A server worker keeps its loaded modules from one file to the next (isolate:
// false): importing the app again for every file cost about 100 s of the run. What a file changes
// outside its own app and database (process.env, console spies) it restores itself.
export default defineConfig({
  resolve: { alias },
  test: {
    // This machine has two cores; more workers only queue for them.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/common/**/*.test.ts", "src/client/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // Like the server project: a worker keeps its loaded modules (React, Testing Library, the
          // app's) from one file to the next. Measured: the project took 110 s (180 s of CPU), 35-41 s
          // (65 s) without reloading. The app's module-level stores are reset after every test
          // (test-setup.ts); checked by running every file in one worker, in shuffled orders too.
          isolate: false,
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
          isolate: false,
          globalSetup: ["src/server/test-support/global-setup.ts"],
          // Fails a test that sends a query on a node-postgres client busy with another (pg 9 removes that queueing).
          setupFiles: ["src/server/test-support/no-queued-queries.ts"],
        },
      },
    ],
  },
});
