// A protocol photo is checked as it is added, as the booking wizard checks its images (issue 23
// point 9): its bytes must be those of a whole image (first bytes of an image format, its ending
// there) and it must decode. A broken file (random bytes named .jpg, a JPEG cut off in transfer) is
// refused at once, naming the file, instead of when the protocol is saved or made a PDF.
// Decoded photos are scaled to at most 1600 px and re-encoded as JPEG quality 0.85 (rules §5, §9;
// when that fails the original goes, and the server re-encodes every image). A HEIC photo that the
// browser cannot decode (Chromium) is sent to the server, which decodes it and answers with a JPEG.
import { ApiError } from "@/client/lib/api-error";
import { isCompleteImage, sniffImageType } from "@/client/lib/image-bytes";
import { bytesToMB, MAX_IMAGE_BYTES, PROTOCOL_PHOTO_MAX_WIDTH, PROTOCOL_PHOTO_QUALITY, tooLargeMessage, type AcceptedImageType } from "@/common/image-rules";
import { protocolUiText as protocolText } from "../text";

/** A photo that cannot be added; the message names the file. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoError";
  }
}

export type PhotoSteps = {
  readBytes: (file: Blob) => Promise<Uint8Array>;
  readAsDataUrl: (blob: Blob) => Promise<string>;
  /** Decodes an image; throws when the browser cannot. */
  decode: (blob: Blob) => Promise<ImageBitmap>;
  /** The decoded image at most 1600 px on its longest side, as a JPEG data URL. */
  encode: (image: ImageBitmap) => Promise<string>;
  /** The server's decoding of a photo (POST /api/technician/protocol-photos): a JPEG data URL. */
  convert: (dataUrl: string) => Promise<string>;
};

const isHeif = (type: AcceptedImageType) => type === "image/heic" || type === "image/heif";

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("not a data URL")));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(blob);
  });
}

async function encodeJpeg(image: ImageBitmap): Promise<string> {
  const scale = Math.min(1, PROTOCOL_PHOTO_MAX_WIDTH / Math.max(image.width, image.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  // JPEG has no transparency: transparent areas become white, not black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", PROTOCOL_PHOTO_QUALITY);
}

/** Browsers read HEIC (and other unknown types) as application/octet-stream: give the data URL the type the bytes have. */
function withType(dataUrl: string, type: AcceptedImageType): string {
  return `data:${type};base64,${dataUrl.slice(dataUrl.indexOf(",") + 1)}`;
}

export function browserPhotoSteps(convert: PhotoSteps["convert"]): PhotoSteps {
  return {
    readBytes: async (file) => new Uint8Array(await file.arrayBuffer()),
    readAsDataUrl,
    decode: (blob) => createImageBitmap(blob),
    encode: encodeJpeg,
    convert,
  };
}

/** The photo as the protocol keeps it (a data URL), or a PhotoError naming the file. */
export async function preparePhoto(file: File, steps: PhotoSteps): Promise<string> {
  const unreadable = () => new PhotoError(protocolText.photos.unreadable(file.name));
  let bytes: Uint8Array;
  try {
    bytes = await steps.readBytes(file);
  } catch {
    throw unreadable();
  }
  // What the bytes are, not what the name says: a PNG named .jpg is still a good photo.
  const type = sniffImageType(bytes);
  if (!type || !isCompleteImage(bytes, type)) throw unreadable();

  const image = await steps.decode(file).catch(() => null);
  if (image && image.width >= 1 && image.height >= 1) {
    try {
      return await steps.encode(image);
    } catch {
      // rules §5: on compression failure the original is used (the server re-encodes it).
      return withType(await steps.readAsDataUrl(file), type);
    } finally {
      image.close();
    }
  }
  image?.close();
  if (!isHeif(type)) throw unreadable();
  return convertOnServer(file, type, steps);
}

/** A HEIC photo the browser cannot decode: the server decodes it now, or says it is broken. */
async function convertOnServer(file: File, type: AcceptedImageType, steps: PhotoSteps): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new PhotoError(tooLargeMessage(file.name, bytesToMB(file.size)));
  const original = withType(await steps.readAsDataUrl(file), type);
  try {
    return await steps.convert(original);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 400)) throw new PhotoError(protocolText.photos.unreadable(file.name));
    if (error instanceof ApiError) throw new PhotoError(protocolText.photos.failed(file.name, error.serverMessage ?? protocolText.photos.tryAgain));
    throw new PhotoError(protocolText.photos.offline(file.name));
  }
}

/** The Swedish message for anything preparePhoto threw. */
export const photoErrorMessage = (file: File, error: unknown) => (error instanceof PhotoError ? error.message : protocolText.photos.unreadable(file.name));
