import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

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
  },
});
