// @ts-check
// Decodes and re-encodes one uploaded image on a worker thread of the pool in images.ts, so a slow
// or hostile image can never stall the event loop that answers every other request.
//
// Plain JavaScript on purpose: a worker thread cannot load TypeScript under Vitest or Node 20, and
// the build copies this file next to dist/server/main.js (package.json `build:server`).
// The caller (images.ts) has already sniffed the format and checked the declared dimensions; the
// checks here are the second line of defence.
import { setPriority } from "node:os";
import sharp from "sharp";

// One libvips thread per image: with the pool's thread count this bounds image work to that many
// cores, leaving the rest to the event loop (libvips would otherwise use every core per image).
sharp.concurrency(1);

// Lower this thread's scheduling priority, so on a busy machine the event loop gets the CPU
// before image decoding does. On Linux the nice value belongs to the calling thread only.
try {
  setPriority(10);
} catch {
  // Not permitted on this platform: decoding simply runs at normal priority.
}

/** @typedef {"jpeg" | "png" | "gif" | "webp" | "heif"} ImageFormat */
/**
 * @typedef {object} ImageTask
 * @property {Uint8Array} bytes the uploaded file
 * @property {ImageFormat} format what images.ts sniffed from the bytes
 * @property {number} maxPixels refuse anything larger (sharp's limitInputPixels, HEIF handle size)
 * @property {number} maxDimension longest side of the output
 * @property {number} timeoutMs budget for the whole task; the main thread terminates the thread when it is spent
 * @property {import("node:worker_threads").MessagePort} progress tells the main thread which phase runs
 */
/**
 * @typedef {{ ok: true, data: Uint8Array, width: number, height: number }
 *   | { ok: false, reason: "unreadable" | "timeout" }
 *   | { ok: false, reason: "too-large", width: number, height: number }} ImageTaskResult
 */

/** @type {Promise<typeof import("heic-decode").default & { all: HeicDecodeAll }> | undefined} */
let heicDecoder;
/**
 * @typedef {(input: { buffer: Uint8Array }) => Promise<Array<{ width: number, height: number,
 *   decode(): Promise<{ width: number, height: number, data: Uint8ClampedArray }> }> & { dispose(): void }>} HeicDecodeAll
 */

/** libheif compiled to WebAssembly (sharp's prebuilt libvips has no HEVC decoder); loaded on first use. */
function loadHeicDecoder() {
  heicDecoder ??= import("heic-decode").then((m) => /** @type {any} */ (m.default));
  return heicDecoder;
}

/** sharp's format name for each sniffed format read through sharp. */
const SHARP_FORMATS = { jpeg: "jpeg", png: "png", gif: "gif", webp: "webp" };

/**
 * @param {ImageTask} task
 * @returns {Promise<ImageTaskResult>}
 */
export default async function reencode({ bytes, format, maxPixels, maxDimension, timeoutMs, progress }) {
  const started = Date.now();
  progress.postMessage("started");
  try {
    /** @type {import("sharp").Sharp} */
    let source;
    if (format === "heif") {
      progress.postMessage("heif");
      const decoder = await loadHeicDecoder();
      // `all` parses the container and gives each image's size before anything is decoded.
      const images = await decoder.all({ buffer: bytes });
      try {
        const primary = images[0];
        if (!primary) return { ok: false, reason: "unreadable" };
        if (primary.width * primary.height > maxPixels) return { ok: false, reason: "too-large", width: primary.width, height: primary.height };
        // Synchronous WebAssembly: only terminating the thread can interrupt it (images.ts does).
        const { width, height, data } = await primary.decode();
        source = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 }, limitInputPixels: maxPixels });
      } finally {
        images.dispose();
      }
    } else {
      source = sharp(bytes, { failOn: "error", limitInputPixels: maxPixels, animated: false });
      // The loader libvips picks must be the one the bytes were sniffed as (never SVG, TIFF, PDF …).
      const { format: actual, width = 0, height = 0 } = await source.metadata();
      if (actual !== SHARP_FORMATS[format]) return { ok: false, reason: "unreadable" };
      if (width * height > maxPixels) return { ok: false, reason: "too-large", width, height };
    }

    const remainingMs = timeoutMs - (Date.now() - started);
    if (remainingMs <= 0) return { ok: false, reason: "timeout" };
    // libvips stops on its own when the budget is spent, so the main thread rarely has to terminate
    // a thread in the middle of a sharp operation.
    progress.postMessage("sharp");
    const { data, info } = await source
      .timeout({ seconds: Math.max(1, Math.ceil(remainingMs / 1000)) })
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      // No withMetadata(): sharp writes no EXIF, GPS, XMP or ICC comments unless asked to.
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height };
  } catch (error) {
    // sharp's timeout rejects with "timeout: N% complete"; everything else is a file we cannot read.
    const message = error instanceof Error ? error.message : "";
    return { ok: false, reason: /^timeout/i.test(message) ? "timeout" : "unreadable" };
  } finally {
    progress.close();
  }
}
