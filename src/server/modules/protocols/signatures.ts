import sharp from "sharp";
import { hasEnoughInk, measureInk } from "@/common/protocols/signature-ink";
import { AppError } from "../../lib/errors";
import { reencodeImage, sniffImageFormat } from "../../lib/images";

// Signatures and photos of a protocol are stored like booking images (rules D20): decoded and
// re-encoded on the server, so nothing but pixels is kept.

export const signatureText = {
  unreadable: "Signaturen kunde inte läsas. Rita den igen.",
  // rules §5 and §9: a signature needs a real drawing, not a dot or a line of a few pixels.
  tooLittle: "Signaturen är för liten. Skriv ditt namn i rutan.",
  photoUnreadable: "Bilden kunde inte läsas",
} as const;

const MAX_SIGNATURE_SIDE = 2000;

function decodeDataUrl(value: string): Buffer | null {
  const match = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=]+)$/.exec(value);
  return match ? Buffer.from(match[1], "base64") : null;
}

const toDataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString("base64")}`;

/**
 * A drawn signature (a canvas PNG) checked for real ink, flattened on white and re-encoded as a PNG
 * data URL. 422 with a Swedish message otherwise. Small images: decoded on the event loop.
 */
export async function cleanSignature(value: string): Promise<string> {
  const bytes = decodeDataUrl(value);
  if (!bytes || sniffImageFormat(bytes) !== "png") throw new AppError("INVALID_SIGNATURE", 422, signatureText.unreadable);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_SIGNATURE_SIDE * MAX_SIGNATURE_SIDE }).flatten({ background: "#ffffff" });
    const { data, info } = await image.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
    // The pad runs the same check before it offers the signature (src/common/protocols/signature-ink).
    if (!hasEnoughInk(measureInk(data, info.width, info.height), info.width, info.height))
      throw new AppError("SIGNATURE_TOO_SMALL", 422, signatureText.tooLittle);
    const png = await image.png({ compressionLevel: 9 }).toBuffer();
    return toDataUrl(png, "image/png");
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID_SIGNATURE", 422, signatureText.unreadable);
  }
}

/** A photo (compressed in the browser) re-encoded on the image workers; a JPEG data URL. */
export async function cleanPhoto(value: string): Promise<string> {
  const bytes = decodeDataUrl(value);
  if (!bytes) throw new AppError("INVALID_IMAGE", 422, signatureText.photoUnreadable);
  const image = await reencodeImage(bytes, signatureText.photoUnreadable);
  return toDataUrl(image.data, image.contentType);
}
