import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import type { BackupManifest } from "./backup-file";
import { askServerForBackup, startControlSocket, stopControlSocket } from "./control-socket";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the control socket's client", () => {
  // Node's global agent keeps connections alive; a command reusing one that the server closes as idle
  // at that moment fails with EPIPE (seen once in CI). Each request therefore opens its own.
  it("opens a connection of its own for every request, never reusing one the server may be closing", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "vps-socket-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startControlSocket(dataDir, async (file) => ({ file }) as unknown as BackupManifest, silent);
    cleanups.push(() => stopControlSocket(server, dataDir));
    let connections = 0;
    server!.on("connection", () => (connections += 1));

    for (const file of ["/tmp/a.vpsbackup", "/tmp/b.vpsbackup", "relativ.vpsbackup"]) await askServerForBackup(dataDir, file);

    expect(connections).toBe(3);
  });
});
