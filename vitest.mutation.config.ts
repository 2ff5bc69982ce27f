import { defineConfig } from "vitest/config";
import type { Reporter, RunnerTestCase, Vitest } from "vitest/node";
import { fileURLToPath } from "node:url";

/**
 * Makes a test file that fails to load count as a failed test. Stryker's Vitest runner (9.6, and
 * 10.0: stryker-js issue 6150) judges a mutant by the tests it collected, and a file whose import
 * throws collects none: a mutant that breaks a module as it loads (an empty slot table, a bad
 * label) would count as survived although every test of the file fails. This gives each such file
 * one failed test carrying the load error, in the run state Stryker reads.
 */
function unloadableFileFails(): Reporter {
  let vitest: Vitest | undefined;
  return {
    onInit(context) {
      vitest = context;
    },
    onTestRunEnd() {
      for (const file of vitest?.state.getFiles() ?? []) {
        if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
        const loadFailure = { type: "test", id: `${file.id}_load`, name: "loads", mode: "run", file, suite: file, meta: {}, result: file.result };
        // Vitest types a test with a run context only it builds; nothing reads one after the run.
        file.tasks.push(loadFailure as unknown as RunnerTestCase);
      }
    },
  };
}

// Mutation testing (npm run mutation, stryker.config.mjs) runs only the tests of src/common: the
// pure rules it mutates need no DOM and no database, so neither the client's nor the server's
// project is loaded.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  plugins: [
    {
      // Stryker's runner asks Vitest for worker threads, and only a process's main thread can change
      // its time zone, which calendar.test.ts does: this puts back child processes, as in `npm test`.
      name: "test-files-in-child-processes",
      configureVitest({ project }) {
        project.config.pool = "forks";
      },
    },
  ],
  test: {
    include: ["src/common/**/*.test.ts"],
    environment: "node",
    testTimeout: 15_000,
    reporters: ["default", unloadableFileFails()],
  },
});
