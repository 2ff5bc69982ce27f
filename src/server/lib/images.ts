import { availableParallelism } from "node:os";
import { MessageChannel } from "node:worker_threads";
import { imageSize } from "image-size";
import { Piscina } from "piscina";
// sharp runs in the worker threads, but is loaded on the main thread too: on glibc Linux this keeps
// libvips loaded while worker threads come and go (sharp's note on worker threads).
import "sharp";
import { AppError } from "./errors";

export type ProcessedImage = { data: Buffer; contentType: "image/jpeg"; width: number; height: number };

/** Formats the public upload accepts (rules §5), as sniffed from the bytes, never from the declared type. */
export type ImageFormat = "jpeg" | "png" | "gif" | "webp" | "heif";
export type ImageSize = { width: number; height: number };

/**
 * Largest image we decode. An iPhone's 48 MP photo (8064 × 6048, 48.8 MP) passes; 16384 × 16384
 * (268 MP, about 1 GB of RGBA) does not. The side limit catches thin images whose area is small.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 20_000;
/** Stored images are at most this many pixels on their longest side (rules D20). */
export const MAX_OUTPUT_DIMENSION = 2000;

export const imageLimitText = {
  tooLarge: ({ width, height }: ImageSize) =>
    width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE
      ? `Bilden är för stor (${width} × ${height} pixlar). Bredd och höjd får vara högst 20 000 pixlar.`
      : `Bilden är för stor (${width} × ${height} pixlar). Största tillåtna storlek är ${MAX_IMAGE_PIXELS / 1_000_000} megapixlar.`,
  timeout: "Bilden tog för lång tid att läsa. Försök med en mindre bild.",
  busy: "Servern behandlar många bilder just nu. Försök igen om en stund.",
} as const;

// ---------------------------------------------------------------------------------------------
// Sniffing and declared dimensions: header reads only, cheap enough for the event loop.
// ---------------------------------------------------------------------------------------------

/** Major brands of HEVC-coded HEIF (heic-decode reads these; AVIF's 'avif'/'avis' are not among them). */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
const HEVC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

const startsWith = (bytes: Buffer, signature: number[], at = 0) => bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.toString("latin1", from, to);

/** The brands of an ISO-BMFF `ftyp` box at the start of the file, or null when there is none. */
function ftypBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size > bytes.length || size % 4 !== 0) return null;
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/**
 * The format the bytes really are, whatever type the upload declared: JPEG, PNG, GIF, WebP or
 * HEVC-coded HEIF. Null for everything else — SVG, TIFF, PDF, BMP, AVIF, text — which sharp would
 * otherwise happily render.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  const brands = ftypBrands(bytes);
  if (brands && HEIF_BRANDS.has(brands[0])) {
    // An AV1-coded file may carry the generic 'mif1' major brand; it is AVIF unless it also says HEVC.
    if (brands.some((b) => AVIF_BRANDS.has(b)) && !brands.some((b) => HEVC_BRANDS.has(b))) return null;
    return "heif";
  }
  return null;
}

type Box = { type: string; body: number; end: number };

/** The boxes between `start` and `end`; throws on a box that does not fit (a truncated or forged file). */
function* boxes(bytes: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) throw new RangeError("truncated box");
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at; // "extends to the end of the enclosing box"
    }
    if (size < header || at + size > end) throw new RangeError("box does not fit");
    yield { type: ascii(bytes, at + 4, at + 8), body: at + header, end: at + size };
    at += size;
  }
}

const child = (bytes: Buffer, parent: { body: number; end: number }, type: string, skip = 0) => {
  for (const box of boxes(bytes, parent.body + skip, parent.end)) if (box.type === type) return box;
  return undefined;
};

/**
 * Every image size a HEIF file declares: each `ispe` property in meta → iprp → ipco (tiles, the
 * grid, thumbnails, alpha). libheif sizes its buffers from these and refuses a coded image or grid
 * that does not match them. Read here rather than with image-size, which reports one of them and
 * lets a `clap` box shrink the width it reports.
 */
function heifImageSizes(bytes: Buffer): ImageSize[] | null {
  try {
    const file = { body: 0, end: bytes.length };
    const meta = child(bytes, file, "meta");
    const iprp = meta && child(bytes, meta, "iprp", 4); // meta is a full box: 4 bytes of version and flags
    const ipco = iprp && child(bytes, iprp, "ipco");
    if (!ipco) return null;
    const sizes: ImageSize[] = [];
    for (const box of boxes(bytes, ipco.body, ipco.end)) {
      if (box.type !== "ispe") continue;
      if (box.end - box.body < 12) return null;
      sizes.push({ width: bytes.readUInt32BE(box.body + 4), height: bytes.readUInt32BE(box.body + 8) });
    }
    return sizes.length > 0 ? sizes : null;
  } catch {
    return null;
  }
}

const IMAGE_SIZE_TYPES: Record<Exclude<ImageFormat, "heif">, string> = { jpeg: "jpg", png: "png", gif: "gif", webp: "webp" };

/**
 * The image size the file declares in its header, read without decoding anything (image-size for
 * JPEG, PNG, GIF and WebP; every `ispe` box for HEIF): the first one over the limits if the file
 * declares several, else the largest. Null when there is no readable size.
 */
export function readDeclaredSize(bytes: Buffer, format: ImageFormat): ImageSize | null {
  let sizes: ImageSize[] | null;
  if (format === "heif") {
    sizes = heifImageSizes(bytes);
  } else {
    try {
      // A copy with an ArrayBuffer of its own: image-size views `bytes.buffer` from its offset to the
      // END OF THE BUFFER (not of `bytes`), so for a small upload sliced from Node's shared pool a
      // header cut off in the middle was read on into other requests' bytes, giving random sizes
      // ("Bilden är för stor (24831 × 35205 pixlar)" for a cut-off 64 × 48 JPEG).
      const result = imageSize(new Uint8Array(bytes));
      if (result.type !== IMAGE_SIZE_TYPES[format]) return null;
      sizes = [result, ...(result.images ?? [])];
    } catch {
      return null;
    }
  }
  if (!sizes?.every((s) => Number.isInteger(s.width) && Number.isInteger(s.height) && s.width > 0 && s.height > 0)) return null;
  // The one over the limits if any, else the largest.
  return sizes.find(exceedsImageLimits) ?? sizes.reduce((largest, s) => (s.width * s.height > largest.width * largest.height ? s : largest));
}

export function exceedsImageLimits({ width, height }: ImageSize): boolean {
  return width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE;
}

// ---------------------------------------------------------------------------------------------
// The worker pool: decoding and re-encoding never run on the event loop.
// ---------------------------------------------------------------------------------------------

export type ImagePoolOptions = {
  /** Images decoded at the same time; each can take a few hundred MB (a 48 MP HEIC is ~200 MB of RGBA). */
  maxThreads: number;
  /** Images waiting for a thread; beyond that uploads are refused with 503 until the queue drains. */
  maxQueue: number;
  /** Budget for decoding and re-encoding one image, from the moment a thread starts on it. */
  timeoutMs: number;
  /** Longest an image may wait for a thread. */
  queueTimeoutMs: number;
  /** An idle thread exits after this long and gives back the memory its decoder grew to. */
  idleTimeoutMs: number;
  /** V8 heap of each thread (decoded pixels live outside it, in ArrayBuffers and WebAssembly memory). */
  maxOldGenerationSizeMb: number;
};

export const defaultImagePoolOptions: Readonly<ImagePoolOptions> = {
  // Leave a core to the event loop: one thread on a 2-core machine, at most two anywhere.
  maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueue: 16,
  timeoutMs: 20_000,
  queueTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  maxOldGenerationSizeMb: 256,
} as const;

let poolOptions: ImagePoolOptions = { ...defaultImagePoolOptions };
let pool: Piscina | null = null;
let tasksSubmitted = 0;
let tasksInFlight = 0;
let tasksRunning = 0;

/** Changes the pool's settings; a pool already running is replaced by one with the new settings on next use. */
export async function configureImagePool(options: Partial<ImagePoolOptions>): Promise<void> {
  poolOptions = { ...poolOptions, ...options };
  await closeImagePool();
}

/**
 * Stops the image threads (call from the app's onClose). Images still waiting are refused, images
 * being decoded get a few seconds to finish. The next image starts a new pool.
 */
export async function closeImagePool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close({ force: true });
}

/** Images handed to the pool since start, and those a thread is working on right now (tests, monitoring). */
export const imagePoolStats = () => ({ submitted: tasksSubmitted, running: tasksRunning });

function imagePool(): Piscina {
  pool ??= new Piscina({
    // Next to this module in src/server/lib, and next to main.js in the build (build:server copies it).
    filename: new URL("./image-worker.mjs", import.meta.url).href,
    minThreads: 0,
    maxThreads: poolOptions.maxThreads,
    // The queue is bounded in runOnPool: piscina's maxQueue lets a burst through while threads start.
    idleTimeout: poolOptions.idleTimeoutMs,
    closeTimeout: 5_000,
    resourceLimits: { maxOldGenerationSizeMb: poolOptions.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  return pool;
}

type TransferList = NonNullable<NonNullable<Parameters<Piscina["run"]>[1]>["transferList"]>;

type WorkerResult =
  | { ok: true; data: Uint8Array; width: number; height: number }
  | { ok: false; reason: "unreadable" | "timeout" }
  | { ok: false; reason: "too-large"; width: number; height: number };

/** Grace for sharp's own timeout before a thread in the middle of a sharp operation is terminated. */
const SHARP_GRACE_MS = 2_000;

/**
 * Runs one image on the pool. The clock starts when a thread picks the image up (the worker says so
 * through `progress`), not while it waits. When the budget is spent during HEIF decoding —
 * synchronous WebAssembly that nothing else can interrupt — the thread is terminated at once;
 * during the sharp phase libvips stops itself and the thread is only terminated if it has not
 * after a short grace.
 */
async function runOnPool(bytes: Buffer, format: ImageFormat, timeoutMs: number): Promise<WorkerResult> {
  if (tasksInFlight >= poolOptions.maxThreads + poolOptions.maxQueue) throw new AppError("IMAGES_BUSY", 503, imageLimitText.busy);
  const controller = new AbortController();
  const { port1, port2 } = new MessageChannel();
  let phase: "queued" | "started" | "heif" | "sharp" = "queued";
  let abortedFor: "timeout" | "queue" | null = null;
  let deadline: NodeJS.Timeout | undefined;
  const abort = (reason: "timeout" | "queue") => {
    abortedFor = reason;
    controller.abort();
  };
  tasksSubmitted++;
  tasksInFlight++;
  const queueDeadline = setTimeout(() => abort("queue"), poolOptions.queueTimeoutMs);
  port1.on("message", (next: "started" | "heif" | "sharp") => {
    if (phase === "queued") {
      clearTimeout(queueDeadline);
      tasksRunning++;
      deadline = setTimeout(() => {
        if (phase === "sharp") deadline = setTimeout(() => abort("timeout"), SHARP_GRACE_MS);
        else abort("timeout");
      }, timeoutMs);
    }
    phase = next;
  });
  try {
    return (await imagePool().run(
      { bytes, format, maxPixels: MAX_IMAGE_PIXELS, maxDimension: MAX_OUTPUT_DIMENSION, timeoutMs, progress: port2 },
      // piscina infers its TransferList type from the last MessagePort.postMessage overload, which
      // newer @types/node declares with an options object; at run time it is passed on as a list.
      { signal: controller.signal, transferList: [port2] as unknown as TransferList },
    )) as WorkerResult;
  } catch (error) {
    if (abortedFor === "timeout") return { ok: false, reason: "timeout" };
    if (abortedFor === "queue") throw new AppError("IMAGES_BUSY", 503, imageLimitText.busy);
    // A thread that ran out of heap was decoding something hostile; anything else is our fault (500).
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") return { ok: false, reason: "unreadable" };
    throw error;
  } finally {
    clearTimeout(queueDeadline);
    clearTimeout(deadline);
    tasksInFlight--;
    if (phase !== "queued") tasksRunning--;
    port1.close();
  }
}

export type ReencodeOptions = { timeoutMs?: number };

/**
 * Decodes an uploaded image and re-encodes it as a JPEG (rules D20): the orientation is applied,
 * the size capped at MAX_OUTPUT_DIMENSION, and every metadata block (EXIF, GPS, XMP, ICC comments)
 * is left behind. Side effects: none on the event loop but header reads; the decoding runs on the
 * image worker pool.
 *
 * Refuses with 422 and `unreadableMessage` what is not really a JPEG, PNG, GIF, WebP or HEIC/HEIF
 * (whatever type it was declared as) or cannot be decoded; with 422 and a size message an image
 * declaring more than MAX_IMAGE_PIXELS or a side over MAX_IMAGE_SIDE, before decoding anything; with
 * 422 an image that takes longer than the pool's timeout; with 503 when too many images are waiting.
 */
export async function reencodeImage(bytes: Buffer, unreadableMessage: string, options: ReencodeOptions = {}): Promise<ProcessedImage> {
  const unreadable = () => new AppError("INVALID_IMAGE", 422, unreadableMessage);
  const format = sniffImageFormat(bytes);
  if (!format) throw unreadable();
  const declared = readDeclaredSize(bytes, format);
  if (!declared) throw unreadable();
  if (exceedsImageLimits(declared)) throw new AppError("IMAGE_TOO_LARGE", 422, imageLimitText.tooLarge(declared));

  const result = await runOnPool(bytes, format, options.timeoutMs ?? poolOptions.timeoutMs);
  if (result.ok) {
    return {
      data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength),
      contentType: "image/jpeg",
      width: result.width,
      height: result.height,
    };
  }
  if (result.reason === "too-large") throw new AppError("IMAGE_TOO_LARGE", 422, imageLimitText.tooLarge(result));
  if (result.reason === "timeout") throw new AppError("IMAGE_TIMEOUT", 422, imageLimitText.timeout);
  throw unreadable();
}
