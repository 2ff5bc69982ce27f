import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterEach, scratchFolder } from "../../src/server/test-support/scratch";
import { startMain } from "../../src/server/test-support/main-process";
import { parseDockerfile, readDeployFile, REPO, requireBuild, runToEnd, stageEnv, type Stage } from "./support";

// deploy/Dockerfile. No Docker engine runs here, so the image itself is never built: the file is
// parsed and its runtime stage reproduced in a folder (what its COPY lines copy, its `npm ci
// --omit=dev`, its ENV, WORKDIR and CMD), and the server started there must answer its own
// HEALTHCHECK. That proves the runtime stage has everything the built server loads (no
// devDependency at run time); it does not prove the base image, apt-get, USER or file ownership.

const defer = cleanupAfterEach();
const dockerfile = parseDockerfile(readDeployFile("Dockerfile"));
const [buildStage, runtime] = [dockerfile.stages[0], dockerfile.stages.at(-1)!];
const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const one = (stage: Stage, keyword: string) => {
  const found = all(stage, keyword);
  expect(found, `${keyword} in stage ${stage.name}`).toHaveLength(1);
  return found[0];
};
/** The commands of a stage's RUN lines, split at &&. */
const commands = (stage: Stage) => all(stage, "RUN").flatMap((i) => i.args.split("&&").map((c) => c.trim()));
const STRONG_PASSWORD = "Kanelbulle-Fjäll-9";

/** A bare import of a package (`pg`, `@fastify/static`, `date-fns/locale`), as npm names them. */
const PACKAGE_SPECIFIER = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.@-]+)*$/;

describe("deploy/Dockerfile", () => {
  it("builds in one stage and runs from another: npm ci and the build, then only production dependencies, as a user that is not root", () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    expect(buildStage.name).toBeTruthy();
    expect(commands(buildStage)).toEqual(expect.arrayContaining([expect.stringMatching(/^npm ci\b(?!.*--omit)/), "npm run build"]));
    // The same Node on both sides (the native modules installed are those of the runtime's Node).
    expect(runtime.base).toBe(buildStage.base);
    expect(runtime.base).toMatch(/^node:22-bookworm-slim$/);

    expect(commands(runtime).filter((c) => c.startsWith("npm ci"))).toEqual([expect.stringMatching(/^npm ci --omit=dev\b/)]);
    const user = all(runtime, "USER").at(-1)?.args;
    expect(user).toBeTruthy();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    // Nothing after USER runs as root again, and no later stage follows.
    expect(runtime.instructions.slice(runtime.instructions.findIndex((i) => i.keyword === "USER")).some((i) => i.keyword === "RUN")).toBe(false);
  });

  it("copies only the build's output, the migrations, the lock file and the health check into the runtime stage", () => {
    const copies = all(runtime, "COPY").map((i) => ({ from: i.flags.from, sources: i.args.split(/\s+/).slice(0, -1) }));
    expect(copies).toEqual([
      { from: buildStage.name, sources: ["/src/package.json", "/src/package-lock.json"] },
      { from: buildStage.name, sources: ["/src/dist"] },
      { from: buildStage.name, sources: ["/src/drizzle"] },
      { from: undefined, sources: ["deploy/healthcheck.mjs"] },
    ]);
    expect(one(buildStage, "WORKDIR").args).toBe("/src");
    // The build context leaves out local data, secrets and what the build makes anew.
    const ignored = readDeployFile("Dockerfile.dockerignore")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    expect(ignored).toEqual(expect.arrayContaining(["node_modules", "dist", "data", ".env", "deploy/.env", ".git"]));
  });

  it("serves on the port it exposes, checks /api/health/live and starts node itself (signals reach the server)", () => {
    const env = stageEnv(runtime);
    expect(env).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", DATA_DIR: "/data" });
    expect(one(runtime, "EXPOSE").args).toBe(env.PORT);
    const healthcheck = one(runtime, "HEALTHCHECK");
    expect(healthcheck.exec).toEqual(["node", "healthcheck.mjs", "/api/health/live"]);
    expect(healthcheck.flags).toMatchObject({ interval: expect.any(String), timeout: expect.any(String), "start-period": expect.any(String) });
    expect(one(runtime, "CMD").exec).toEqual(["node", "dist/server/main.js"]);
    expect(one(runtime, "WORKDIR").args).toBe("/app");
  });

  it(
    "its runtime stage, reproduced in a folder, has everything the built server needs: it starts and passes the image's HEALTHCHECK",
    { timeout: 300_000 },
    async () => {
      requireBuild();
      const app = scratchFolder("vps-image-", defer);
      // COPY --from=build /src/x → the repository after `npm run build` (the build stage is `COPY . .`
      // and `npm run build` in /src); COPY x from the context → the repository.
      for (const copy of all(runtime, "COPY")) {
        const parts = copy.args.split(/\s+/);
        const destination = join(app, parts.at(-1)!.replace(/^\.\/?/, ""));
        for (const source of parts.slice(0, -1)) {
          const from = join(REPO, copy.flags.from ? source.replace(/^\/src\//, "") : source);
          const to = parts.at(-1)!.endsWith("/") || parts.length > 2 ? join(destination, source.split("/").at(-1)!) : destination;
          cpSync(from, to, { recursive: true });
        }
      }
      // The runtime stage's `npm ci --omit=dev …` as written (its `npm cache clean` would empty this
      // machine's cache and is left out), preferring the local cache to the registry.
      const install = commands(runtime).find((c) => c.startsWith("npm ci"))!;
      const installed = runToEnd("sh", ["-c", `${install} --prefer-offline`], { cwd: app, env: { ...process.env, NODE_ENV: "production" } });
      expect(installed.status, installed.output).toBe(0);
      // Nothing the lock file marks as needed only for development (some devDependencies, such as yaml,
      // are also a production package's dependency and rightly stay).
      const lock = JSON.parse(readFileSync(join(REPO, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean }> };
      const devOnly = Object.entries(lock.packages).filter(([path, entry]) => entry.dev && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path));
      expect(devOnly.length).toBeGreaterThan(100);
      expect(devOnly.filter(([path]) => existsSync(join(app, path))).map(([path]) => path)).toEqual([]);

      // Every package the built server names (static and dynamic imports of every file in dist/server)
      // resolves from the runtime folder's node_modules: also those loaded only on some paths.
      const requireFromApp = createRequire(join(app, "dist/server/main.js"));
      const serverFiles = readdirSync(join(app, "dist/server")).filter((file) => /\.m?js$/.test(file));
      const packages = new Set<string>();
      for (const file of serverFiles) {
        const code = readFileSync(join(app, "dist/server", file), "utf8");
        for (const [, specifier] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g)) {
          // Only what can be a package name: the pattern also meets SQL and text such as `'from', null, '`.
          if (!specifier.startsWith("node:") && PACKAGE_SPECIFIER.test(specifier)) packages.add(specifier);
        }
      }
      expect(packages.size).toBeGreaterThan(10);
      const unresolved = [...packages].filter((specifier) => {
        try {
          requireFromApp.resolve(specifier);
          return false;
        } catch {
          // ESM-only packages have no "require" condition: ask the package.json instead.
          try {
            const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
            requireFromApp.resolve(`${name}/package.json`);
            return false;
          } catch {
            return true;
          }
        }
      });
      expect(unresolved).toEqual([]);

      // Started as the image starts it: WORKDIR, its ENV, its CMD; what `docker run -e` would add for
      // production with the embedded database in a volume; PORT and DATA_DIR of this test's own.
      const dataDir = scratchFolder("vps-image-data-", defer);
      mkdirSync(dataDir, { recursive: true });
      const [command, ...args] = one(runtime, "CMD").exec!;
      expect(command).toBe("node");
      const { PORT: _imagePort, ...imageEnv } = stageEnv(runtime);
      const server = await startMain(
        {
          ...imageEnv,
          DATA_DIR: dataDir,
          PUBLIC_URL: "https://boka.example.se",
          TRUST_PROXY: "1",
          ADMIN_USERNAME: "chef",
          ADMIN_PASSWORD: STRONG_PASSWORD,
          LOG_LEVEL: "warn",
        },
        { args, cwd: app }, // WORKDIR /app
      );
      defer(() => server.stop());
      await server.serving();
      const healthcheck = one(runtime, "HEALTHCHECK").exec!;
      const checkEnv = { ...process.env, PORT: String(server.port) };
      expect(runToEnd(healthcheck[0] === "node" ? process.execPath : healthcheck[0], healthcheck.slice(1), { cwd: app, env: checkEnv }).status).toBe(0);
      // The built client is served from the copied dist/ too.
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/^<!doctype html>/i);

      // `docker stop` sends SIGTERM: the server ends by itself with 0, and the check then fails.
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(runToEnd(process.execPath, healthcheck.slice(1), { cwd: app, env: checkEnv }).status).toBe(1);
    },
  );
});
