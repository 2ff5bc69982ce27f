import sharp, { type Sharp } from "sharp";
import { AppError } from "./errors";

export type ProcessedImage = { data: Buffer; contentType: "image/jpeg"; width: number; height: number };

const MAX_DIMENSION = 2000;
const HEIF_BRANDS = ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"];

/** True when the bytes are an ISO-BMFF HEIC/HEIF file (ftyp box with a HEIF brand). */
function isHeif(bytes: Buffer): boolean {
  return bytes.length > 12 && bytes.toString("ascii", 4, 8) === "ftyp" && HEIF_BRANDS.includes(bytes.toString("ascii", 8, 12));
}

async function decodeHeif(bytes: Buffer): Promise<Sharp> {
  // sharp's prebuilt libvips has no HEVC decoder; heic-decode (libheif in WebAssembly) does.
  const { default: decode } = await import("heic-decode");
  const { width, height, data } = await decode({ buffer: new Uint8Array(bytes) });
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}

/**
 * Decodes an uploaded image whatever it claims to be and re-encodes it as a JPEG (DECISIONS 20):
 * the orientation is applied, the size capped, and every metadata block (EXIF, GPS, XMP, ICC
 * comments) is left behind because sharp writes none unless asked to.
 */
export async function reencodeImage(bytes: Buffer, unreadableMessage: string): Promise<ProcessedImage> {
  try {
    const source = isHeif(bytes) ? await decodeHeif(bytes) : sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000, animated: false });
    const { data, info } = await source
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: "image/jpeg", width: info.width, height: info.height };
  } catch {
    throw new AppError("INVALID_IMAGE", 422, unreadableMessage);
  }
}
