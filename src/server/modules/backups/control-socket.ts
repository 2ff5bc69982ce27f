import { chmodSync, lstatSync, mkdirSync, rmSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import { isAbsolute, join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { BackupManifest } from "./backup-file";
import { backupText as text } from "./backups.text";

// The running server's control socket (docs/decisions/0010-backups.md): only the process holding
// DATA_DIR may open the embedded database, so `npm run backup` asks it to write the backup. A Unix
// socket in a folder only the server's own OS user may enter: whoever can connect could read DATA_DIR
// anyway, nothing is exposed on the network, and no password or token is needed.

/** Where the server listens: DATA_DIR/control/server.sock. */
export const controlSocketPath = (dataDir: string) => join(dataDir, "control", "server.sock");

// sun_path holds 108 bytes with its terminating zero on Linux (104 on macOS).
const MAX_SOCKET_PATH = 103;

const BackupRequestSchema = z.object({ file: z.string().refine(isAbsolute) });

/** Serves POST /backup {"file": "/absolute/path"} on the socket; the answer is the manifest, or {message}. */
export async function startControlSocket(dataDir: string, backupTo: (file: string) => Promise<BackupManifest>, log: FastifyBaseLogger): Promise<Server | null> {
  const path = controlSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn(text.socketPathTooLong(path));
    return null;
  }
  const folder = join(dataDir, "control");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // An existing folder keeps its mode: make sure it is ours alone before listening in it.
  chmodSync(folder, 0o700);
  if (process.getuid && lstatSync(folder).uid !== process.getuid()) throw new Error(`${folder} tillhör en annan användare`);
  // Left behind by a server that was killed; we hold DATA_DIR's lock, so no live server listens on it.
  rmSync(path, { force: true });

  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method !== "POST" || req.url !== "/backup") return answer(404, { message: "okänd begäran" });
    void readJson(req)
      .then((body) => {
        const parsed = BackupRequestSchema.safeParse(body);
        if (!parsed.success) return answer(400, { message: text.backupUsage });
        return backupTo(parsed.data.file).then(
          (manifest) => answer(200, manifest),
          (error: Error) => answer(500, { message: error.message }),
        );
      })
      .catch(() => answer(400, { message: text.backupUsage }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  return server;
}

export async function stopControlSocket(server: Server | null, dataDir: string) {
  if (!server) return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(controlSocketPath(dataDir), { force: true });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 8192) throw new Error("too long");
  }
  return JSON.parse(body);
}

/** What the command hears from the server: the manifest, the server's refusal, or that nobody listens. */
export type ControlAnswer = { kind: "done"; manifest: BackupManifest } | { kind: "failed"; message: string } | { kind: "no-server" };

/** Asks the server listening in DATA_DIR for a backup to `file` (absolute); "no-server" when none listens. */
export function askServerForBackup(dataDir: string, file: string): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    // A connection of its own (agent: false): Node's global agent keeps sockets alive, and a request
    // reusing one the server has just closed as idle (its 5 s keep-alive) fails with EPIPE.
    const req = request(
      { socketPath: controlSocketPath(dataDir), agent: false, method: "POST", path: "/backup", headers: { "content-type": "application/json" } },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += String(chunk)));
        res.on("end", () => {
          try {
            const parsed = JSON.parse(body) as BackupManifest & { message?: string };
            resolve(res.statusCode === 200 ? { kind: "done", manifest: parsed } : { kind: "failed", message: parsed.message ?? body });
          } catch {
            resolve({ kind: "failed", message: body });
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // No socket, or one left behind by a server that is gone.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve({ kind: "no-server" });
      else reject(error);
    });
    req.end(JSON.stringify({ file }));
  });
}
