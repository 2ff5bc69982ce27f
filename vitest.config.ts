import { defineConfig } from "vitest/config";
import { accessSync, constants, statfsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

/**
 * The tests' scratch folders (the database folders copied from the run's template, DATA_DIRs of the
 * programs the tests start, backups, the template itself) in memory, where the machine has a tmpfs at
 * /dev/shm, unless TMPDIR says where. Every such folder goes through os.tmpdir(), which reads TMPDIR;
 * the test workers and the programs they start inherit it. On the ext4 disk a run of the server
 * project wrote 1.2 GB, and its journal and writeback cost CPU: measured, two runs each, alternating,
 * 177-181 s (308-315 s of CPU) on disk against 158-172 s (277-304 s) in memory. What the tests check
 * is the same: no test crashes the machine, only processes, and a killed process's writes are in the
 * page cache either way. Only with room to spare: a container's /dev/shm is often 64 MB.
 */
const SCRATCH_ROOM_BYTES = 2 * 1024 ** 3;
function inMemoryScratch(): void {
  if (process.env.TMPDIR) return;
  try {
    accessSync("/dev/shm", constants.W_OK);
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize >= SCRATCH_ROOM_BYTES) process.env.TMPDIR = "/dev/shm";
  } catch {
    // No tmpfs there (macOS, Windows): the system's temp folder.
  }
}
inMemoryScratch();

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
