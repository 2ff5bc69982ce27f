// Turns a picked file into the data URL POST /api/bookings takes (rules §5 Images, §8 image errors).
// Every file is checked to be a whole, readable image before it is accepted (issue 8: a text file
// renamed .jpg or a JPEG cut off in the middle is an error on step 1, never 'Klar'): its first bytes
// must be those of an image format, its end must be there (JPEG end marker, PNG IEND, GIF trailer,
// the RIFF length of a WebP), and the browser must decode it. Files under 1 MB are then kept as they
// are; larger ones are scaled to at most 1200 px wide and re-encoded as JPEG quality 0.7 on a
// canvas. HEIC/HEIF cannot be decoded by Chromium, so only their container is checked and they go
// as they are (at most 10 MB); the server decodes and converts them (rules D20).
import {
  COMPRESSION_MAX_WIDTH,
  COMPRESSION_QUALITY,
  COMPRESSION_THRESHOLD_BYTES,
  COMPRESSION_TYPE,
  imageText,
  imageTypeOf,
  validateImageFile,
  type AcceptedImageType,
} from "@/common/image-rules";

import { isCompleteImage, sniffImageType } from "@/client/lib/image-bytes";
import { bookingText } from "../text";
import { IMAGE_PROGRESS } from "./image-entry";

/** An error whose message is one of the Swedish texts of rules §8. */
export class ImageProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageProcessingError";
  }
}

type FileLike = { name: string; size: number; type: string };

// The byte checks are shared with the protocol form's photos (issue 23 point 9); re-exported for this file's tests.
export { isCompleteImage, sniffImageType };

/** True for types the browser cannot decode and that are sent unchanged (the server converts them). */
export function isHeicType(type: AcceptedImageType | null): boolean {
  return type === "image/heic" || type === "image/heif";
}

/** True when the file must be scaled and re-encoded before sending (1 MB or more, and decodable). */
export function needsCompression(file: FileLike): boolean {
  return file.size >= COMPRESSION_THRESHOLD_BYTES && !isHeicType(imageTypeOf(file));
}

/**
 * Size of the compressed image: at most `maxWidth` wide, aspect ratio kept, never enlarged,
 * at least 1 x 1 pixel.
 */
export function scaledSize(width: number, height: number, maxWidth: number = COMPRESSION_MAX_WIDTH) {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/**
 * Gives a data URL the MIME type we know the file has: browsers read HEIC files (and others they
 * do not know) as 'data:application/octet-stream;base64,…' or 'data:;base64,…', which the server
 * would refuse.
 */
export function withImageMimeType(dataUrl: string, type: AcceptedImageType): string {
  const comma = dataUrl.indexOf(",");
  if (!dataUrl.startsWith("data:") || comma < 0 || !dataUrl.slice(0, comma).endsWith(";base64")) {
    throw new ImageProcessingError(imageText.couldNotReadFile);
  }
  return `data:${type};base64,${dataUrl.slice(comma + 1)}`;
}

/** Reads a file or blob as a data URL ('Kunde inte läsa filen' when the browser cannot). */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new ImageProcessingError(imageText.couldNotReadFile)));
    reader.onerror = () => reject(new ImageProcessingError(imageText.couldNotReadFile));
    reader.readAsDataURL(blob);
  });
}

/** A file's bytes ('Kunde inte läsa filen' when the browser cannot read it). */
async function readBytes(file: Blob): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new ImageProcessingError(imageText.couldNotReadFile);
  }
}

/** Decodes an image file; throws when it is not a readable image (the caller names the file). */
async function decodeImage(file: Blob): Promise<ImageBitmap> {
  return createImageBitmap(file);
}

/** Scales a decoded image and encodes it as JPEG on a canvas ('Komprimering misslyckades' on failure). */
async function encodeJpeg(image: ImageBitmap): Promise<Blob> {
  const { width, height } = scaledSize(image.width, image.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new ImageProcessingError(imageText.compressionFailed);
  // JPEG has no transparency: paint transparent PNG/GIF/WebP areas white instead of black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  image.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, COMPRESSION_TYPE, COMPRESSION_QUALITY));
  if (!blob) throw new ImageProcessingError(imageText.compressionFailed);
  return blob;
}

export type ImageProcessingSteps = {
  readBytes: (file: Blob) => Promise<Uint8Array>;
  readAsDataUrl: (blob: Blob) => Promise<string>;
  decode: (file: Blob) => Promise<ImageBitmap>;
  encode: (image: ImageBitmap) => Promise<Blob>;
};

const browserSteps: ImageProcessingSteps = { readBytes, readAsDataUrl, decode: decodeImage, encode: encodeJpeg };

/**
 * Checks and prepares one picked file, reporting progress 30 (checked and decoded) and 60 (ready to
 * send). Resolves with the data URL; rejects with an ImageProcessingError carrying the Swedish
 * message ('Kunde inte läsa bilden ”namn”' for anything that is not a whole, readable image).
 */
export async function processImageFile(
  file: File,
  onProgress: (progress: number) => void = () => {},
  steps: ImageProcessingSteps = browserSteps,
): Promise<string> {
  const invalid = validateImageFile(file);
  if (invalid) throw new ImageProcessingError(invalid);
  const unreadable = () => new ImageProcessingError(bookingText.images.unreadable(file.name));

  // What the bytes are, not what the name says: a PNG named .jpg is still a good image.
  const bytes = await steps.readBytes(file);
  const type = sniffImageType(bytes);
  if (!type || !isCompleteImage(bytes, type)) throw unreadable();
  let image: ImageBitmap | null = null;
  if (!isHeicType(type)) {
    try {
      image = await steps.decode(file);
    } catch {
      throw unreadable();
    }
    if (!image || image.width < 1 || image.height < 1) throw unreadable();
  }
  onProgress(IMAGE_PROGRESS.read);

  if (!image || !needsCompression(file)) {
    image?.close();
    const dataUrl = await steps.readAsDataUrl(file);
    onProgress(IMAGE_PROGRESS.processed);
    return withImageMimeType(dataUrl, type);
  }

  const jpeg = await steps.encode(image);
  onProgress(IMAGE_PROGRESS.processed);
  return withImageMimeType(await steps.readAsDataUrl(jpeg), COMPRESSION_TYPE);
}

/** The Swedish message for anything processImageFile threw ('Fel vid bildbehandling' for the unexpected). */
export function imageErrorMessage(error: unknown): string {
  if (error instanceof ImageProcessingError) return error.message || imageText.genericError;
  if (error instanceof Error) return imageText.processingError;
  return imageText.genericError;
}
