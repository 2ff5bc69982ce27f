import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The deploy tests (deploy/test): the files in deploy/ checked and run without Docker. They need the
// built app (`npm run build`), PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
// caddy, nginx and systemd-analyze, so they are not part of `npm test`: `npm run test:deploy`, which
// CI runs after the build.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("../src", import.meta.url)) } },
  test: {
    name: "deploy",
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["deploy/test/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // One file at a time: each starts servers and proxies of its own (two CPU cores on CI).
    fileParallelism: false,
  },
});
