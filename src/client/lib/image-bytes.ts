// What an image file's bytes are and whether it is whole, whatever its name or MIME type say (issue 8:
// a text file renamed .jpg or a JPEG cut off in the middle is not an image). Pure functions on the
// bytes, shared by the booking wizard's upload and the protocol form's photos (issue 23 point 9).
import type { AcceptedImageType } from "@/common/image-rules";

/** The format a file's bytes say it is (whatever its name or MIME type claim), or null. */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  // ISO base media file: a 'ftyp' box first, with a HEIF brand (iPhone photos are 'heic').
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(8, 12))) return ascii(8, 12).startsWith("hei") ? "image/heic" : "image/heif";
  return null;
}

const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** The last index of `a, b` in `bytes` at or after `from`, or -1. */
function lastPairIndex(bytes: Uint8Array, a: number, b: number, from = 0): number {
  for (let i = bytes.length - 2; i >= from; i--) if (bytes[i] === a && bytes[i + 1] === b) return i;
  return -1;
}

/**
 * True when the file is complete: a file cut off in transfer (or a partial copy) often still
 * decodes, showing a grey remainder, so its ending is checked per format.
 */
export function isCompleteImage(bytes: Uint8Array, type: AcceptedImageType): boolean {
  switch (type) {
    case "image/jpeg": {
      // The end-of-image marker FF D9 after the last start-of-scan FF DA (entropy-coded data never
      // contains FF D9: an FF there is always followed by 00). A camera's trailer may follow it.
      const scan = lastPairIndex(bytes, 0xff, 0xda);
      return scan >= 0 && lastPairIndex(bytes, 0xff, 0xd9, scan + 2) > scan;
    }
    case "image/png": {
      // The IEND chunk's type and its 4-byte checksum.
      const start = Math.max(0, bytes.length - 64);
      const at = String.fromCharCode(...bytes.subarray(start)).lastIndexOf("IEND");
      return at >= 0 && start + at + 8 <= bytes.length;
    }
    case "image/gif": {
      let end = bytes.length - 1;
      while (end > 0 && bytes[end] === 0) end--;
      return bytes[end] === 0x3b;
    }
    case "image/webp": {
      const declared = (bytes[4] | (bytes[5] << 8) | (bytes[6] << 16) | (bytes[7] << 24)) >>> 0;
      return declared + 8 <= bytes.length;
    }
    default:
      return true; // HEIC/HEIF: the server decodes them
  }
}
