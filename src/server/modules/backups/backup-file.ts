import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, open, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { backupText as text } from "./backups.text";

// One backup is one file: a fixed 4 KiB header (a magic line, then the manifest as JSON, padded with
// spaces) followed by the payload as the database's own tool made it: the embedded database's folder
// as a gzipped tarball, or pg_dump's custom format. `head -c 4096 file` shows the manifest;
// `tail -c +4097 file > db.dump` gives pg_restore its archive. See docs/decisions/0010-backups.md.

export const HEADER_BYTES = 4096;
const MAGIC = "VARMEPUMPSSERVICE-BACKUP 1\n";

export const BackupManifestSchema = z.object({
  format: z.literal(1),
  /** Which database it was taken from, and so where it can be restored. */
  kind: z.enum(["embedded", "postgres"]),
  createdAt: z.string(),
  appVersion: z.string(),
  /** Migrations applied to the database when it was taken: a restore needs code that knows as many. */
  migrations: z.number().int().nonnegative(),
  /** The database server's version (PGlite's PostgreSQL for the embedded one). */
  databaseVersion: z.string(),
  payload: z.object({
    format: z.enum(["pglite-datadir-tar-gzip", "pg_dump-custom"]),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;
export type ManifestFacts = Omit<BackupManifest, "format" | "payload" | "createdAt"> & { payloadFormat: BackupManifest["payload"]["format"] };

/** A payload as its tool streams it; `finished` settles once the tool has ended (and says if it failed). */
export type Payload = { stream: Readable; finished: Promise<void> };

/** A backup file could not be read, or is not one of ours: the operator's to fix (no stack trace). */
export class BackupFileError extends Error {
  readonly code = "BACKUP_FILE";
  override name = "BackupFileError";
}

function header(manifest: BackupManifest): Buffer {
  const head = `${MAGIC}${JSON.stringify(manifest)}\n`;
  const bytes = Buffer.byteLength(head);
  if (bytes > HEADER_BYTES - 1) throw new Error("backup manifest too long");
  return Buffer.concat([Buffer.from(head), Buffer.alloc(HEADER_BYTES - 1 - bytes, " "), Buffer.from("\n")]);
}

/**
 * Writes a backup to `path`: the payload to a temporary file beside it (readable by its owner only: it
 * holds the customers' data), the header once the payload's size and checksum are known, flushed to
 * disk, then linked to its name, which never replaces an existing file. Nothing is left behind on failure.
 */
export async function writeBackupFile(path: string, facts: ManifestFacts, makePayload: () => Promise<Payload>): Promise<BackupManifest> {
  const partial = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString("hex")}.partial`);
  const createdAt = new Date().toISOString();
  const hash = createHash("sha256");
  let bytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    const payload = await makePayload();
    const out = createWriteStream(partial, { flags: "wx", mode: 0o600, start: HEADER_BYTES });
    await Promise.all([pipeline(payload.stream, measure, out), payload.finished]);
    const { payloadFormat, ...rest } = facts;
    const manifest: BackupManifest = { format: 1, ...rest, createdAt, payload: { format: payloadFormat, bytes, sha256: hash.digest("hex") } };
    const file = await open(partial, "r+");
    try {
      await file.write(header(manifest), 0, HEADER_BYTES, 0);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await link(partial, path);
    } catch (error) {
      if ((error as { code?: string }).code === "EEXIST") throw new BackupFileError(text.fileExists(path));
      throw error;
    }
    return manifest;
  } finally {
    await unlink(partial).catch(() => {});
  }
}

/** The manifest of a backup file; refuses a file that is not one of ours. */
export async function readManifest(path: string): Promise<BackupManifest> {
  let head: Buffer;
  try {
    const file = await open(path, "r");
    try {
      head = Buffer.alloc(HEADER_BYTES);
      const { bytesRead } = await file.read(head, 0, HEADER_BYTES, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new BackupFileError(text.cannotRead(path, (error as Error).message));
  }
  const [magic, json] = head.toString("utf8").split("\n");
  if (`${magic}\n` !== MAGIC || head.length < HEADER_BYTES) throw new BackupFileError(text.notABackup(path));
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new BackupFileError(text.notABackup(path));
  }
  const manifest = BackupManifestSchema.safeParse(parsed);
  if (!manifest.success) throw new BackupFileError(text.notABackup(path));
  return manifest.data;
}

/** The payload, as it was written. */
export const payloadOf = (path: string): Readable => createReadStream(path, { start: HEADER_BYTES });

/** Reads the whole payload and compares its size and checksum with the manifest's: a cut or damaged copy is refused. */
export async function verifyPayload(path: string, manifest: BackupManifest): Promise<void> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of payloadOf(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  if (bytes !== manifest.payload.bytes || hash.digest("hex") !== manifest.payload.sha256) throw new BackupFileError(text.damaged(path));
}
