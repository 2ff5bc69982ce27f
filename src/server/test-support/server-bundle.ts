import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

/**
 * The programs an operator runs (`npm start`, `npm run create-admin`, `backup`, `restore`), as the tests
 * start them, and the tests' own programs (hold-data-dir: another process holding a DATA_DIR).
 */
export type ServerProgram = "main" | "create-admin" | "backup" | "restore" | "hold-data-dir";
const SOURCES: Record<ServerProgram, string> = {
  main: "src/server/main.ts",
  "create-admin": "src/server/create-admin.ts",
  backup: "src/server/backup.ts",
  restore: "src/server/restore.ts",
  "hold-data-dir": "src/server/test-support/hold-data-dir.ts",
};

declare module "vitest" {
  export interface ProvidedContext {
    /** A folder holding the server's programs bundled once for the run (see buildServerBundle). */
    serverBundleDir: string | null;
  }
}

/**
 * Bundles the server's programs once per test run, as `npm run build:server` does, so the tests that
 * start them as processes (start-up, shutdown, create-admin, backup and restore) start the same code
 * without compiling some hundred TypeScript files through tsx at every start: about 3 s of CPU each
 * time on a 2-core machine, dozens of times per pass. The folder lies under node_modules/.cache so
 * the bundle's bare imports (packages stay external, as in the build) resolve to the project's own
 * node_modules. Returns the folder and a function that removes it.
 */
export async function buildServerBundle(): Promise<{ dir: string; remove(): void }> {
  const { build } = await import("esbuild");
  const parent = join(process.cwd(), "node_modules", ".cache", "vps-test-server");
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, "run-"));
  await build({
    entryPoints: Object.entries(SOURCES).map(([name, source]) => ({ in: source, out: name })),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    tsconfig: "tsconfig.server.json",
    outdir: dir,
    logLevel: "warning",
  });
  // The image decoder's worker is loaded from beside the bundle (src/server/lib/images.ts).
  copyFileSync("src/server/lib/image-worker.mjs", join(dir, "image-worker.mjs"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Node's arguments that start `program`: the run's bundle when the global set-up made one, otherwise
 * the TypeScript source through tsx (a file run under another vitest config).
 */
export function serverProgramArgs(program: ServerProgram): string[] {
  const dir = providedBundleDir();
  return dir ? [join(dir, `${program}.js`)] : ["--import", "tsx", SOURCES[program]];
}

function providedBundleDir(): string | null {
  try {
    return inject("serverBundleDir") ?? null;
  } catch {
    return null; // outside a vitest run's global set-up
  }
}
