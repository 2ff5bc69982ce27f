// Mutation testing of the pure rules in src/common (issue 28): `npm run mutation`. Stryker changes
// one operator, condition or text at a time in these files and runs the tests that reach it; a
// change no test notices (a survivor) is behaviour the tests do not pin down. The run fails below
// 85 % (thresholds.break). The report: reports/mutation/index.html.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // Only src/common's tests, in node: the client's and the server's projects are not loaded.
  vitest: { configFile: "vitest.mutation.config.ts" },
  mutate: [
    "src/common/booking-rules/**/*.ts",
    "src/common/assistant/**/*.ts",
    "src/common/protocols/**/*.ts",
    "src/common/planning/**/*.ts",
    "src/common/invoicing/**/*.ts",
    "src/common/refrigerant/**/*.ts",
    "!src/common/**/*.test.ts",
    // The holiday table is data written by `npm run generate:holidays` (holidays.test.ts compares it
    // with the script's output); holidays.ts, which reads it, is mutated.
    "!src/common/booking-rules/holidays.generated.ts",
  ],
  // What the sandbox copy of the repository does not need.
  ignorePatterns: ["dist", ".dist-*", "data", "coverage", "test-results", "playwright-report", "reports", "e2e", "bench", "deploy", "drizzle"],
  // Vitest strips types without checking them, so the sandbox's files need no `// @ts-nocheck`; left
  // out, the generated holiday table stays byte for byte what holidays.test.ts compares it with.
  disableTypeChecks: false,
  coverageAnalysis: "perTest",
  // The machine has two cores, and other work runs beside it.
  concurrency: 1,
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ["clear-text", "html", "json", "progress"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
};
