// Image rules for the public booking upload (rules §5, §9; rules D20) and the Swedish error
// messages of rules §8. Plain objects only (no File or Blob), so the server can use them too.
// No zod here: the booking page shows these limits before any validation runs, and zod loads only
// when the form is first validated (issue 7). schemas/images.ts builds the zod schemas on them and
// re-exports everything, so imports from there keep working.

/** rules §5: types the public booking upload accepts. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/heic", "image/heif"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** File extensions for browsers that give HEIC files (and others) an empty MIME type. */
const EXTENSION_TYPES: Record<string, AcceptedImageType> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heif",
};

/** Value for `<input type="file" accept>`; lists extensions too because HEIC often has no MIME type. */
export const IMAGE_ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, ...Object.keys(EXTENSION_TYPES).map((e) => `.${e}`)].join(",");

export const MB = 1024 * 1024;

/** rules §9: at most 4 images per public booking. */
export const MAX_IMAGES = 4;
/** rules §9, rules D20: 10 MB per image before compression. */
export const MAX_IMAGE_BYTES = 10 * MB;
/** rules §5: files under 1 MB are kept as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1 * MB;
/** rules §5: larger files are scaled to at most 1200 px wide (aspect kept) … */
export const COMPRESSION_MAX_WIDTH = 1200;
/** … and re-encoded as JPEG at quality 0.7. */
export const COMPRESSION_QUALITY = 0.7;
export const COMPRESSION_TYPE = "image/jpeg";

/** rules §5/§9: protocol photos are compressed to at most 1600 px at quality 0.85. */
export const PROTOCOL_PHOTO_MAX_WIDTH = 1600;
export const PROTOCOL_PHOTO_QUALITY = 0.85;

/** rules §5 separate image upload schema (multipart POST /api/booking/images): 5 MB, JPEG/PNG/WEBP. */
export const UPLOAD_IMAGE_MAX_BYTES = 5 * MB;
export const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/**
 * Longest data URL accepted for one image: the base64 form of MAX_IMAGE_BYTES plus a short header.
 * Four of these make a POST /api/bookings body of up to about 56 MB; the server's body limit must allow it.
 */
export const MAX_IMAGE_DATA_URL_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64;

/** The accepted types as people name them (ACCEPTED_IMAGE_TYPES; HEIF is HEIC's family). */
export const IMAGE_FORMATS_TEXT = "JPG, PNG, GIF, WebP eller HEIC";
/**
 * Issue 23: the one hint every image upload shows (the booking wizard, the customer's booking page,
 * the staff upload, the protocol photos), saying what the server accepts: these types, 10 MB each.
 */
export const IMAGE_FILE_HINT = `${IMAGE_FORMATS_TEXT}, högst ${MAX_IMAGE_BYTES / MB} MB per bild.`;

export const imageText = {
  maxImagesReached: `Max antal bilder uppnått (${MAX_IMAGES})`,
  compressionFailed: "Komprimering misslyckades",
  couldNotReadImage: "Kunde inte läsa bilden",
  couldNotReadFile: "Kunde inte läsa filen",
  processingError: "Fel vid bildbehandling",
  genericError: "Ett fel inträffade",
  unknownType: "okänd",
  // rules §5 image upload schema and booking-link upload.
  uploadTooLarge: "Bilden får inte vara större än 5MB",
  uploadWrongType: "Endast JPEG, PNG och WEBP-bilder är tillåtna",
  uploadRequired: "Välj en bild att ladda upp",
} as const;

/** rules §8: 'Filtypen {type} stöds inte. Använd JPG, PNG, GIF eller WebP.' ('okänd' for an empty type). */
export function unsupportedTypeMessage(type: string | null | undefined): string {
  return `Filtypen ${type || imageText.unknownType} stöds inte. Använd JPG, PNG, GIF eller WebP.`;
}

/**
 * rules §8 'Filen "{name}" är för stor ({size}MB). Maxgräns är 10MB.', in Swedish style (issue 8):
 * Swedish quotation marks, a decimal comma and a space before the unit, size to one decimal:
 * 'Filen ”semester.jpg” är för stor (12,3 MB). Maxgräns är 10 MB.'
 */
export function tooLargeMessage(name: string, sizeMB: number): string {
  return `Filen ”${name}” är för stor (${sizeMB.toFixed(1).replace(".", ",")} MB). Maxgräns är ${MAX_IMAGE_BYTES / MB} MB.`;
}

/** Bytes as megabytes (1 MB = 1024 × 1024 bytes), for tooLargeMessage. */
export function bytesToMB(bytes: number): number {
  return bytes / MB;
}

/** The accepted image type of a file: its MIME type, or when that is empty, one guessed from its extension. */
export function imageTypeOf(file: { type: string; name: string }): AcceptedImageType | null {
  const type = file.type.toLowerCase();
  if ((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type)) return type as AcceptedImageType;
  if (type) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (ext && EXTENSION_TYPES[ext]) || null;
}

/**
 * Checks a picked file against the public upload rules (type first, then size).
 * Returns the Swedish error message of rules §8, or null when the file is acceptable.
 */
export function validateImageFile(file: { type: string; size: number; name: string }): string | null {
  if (!imageTypeOf(file)) return unsupportedTypeMessage(file.type);
  if (file.size > MAX_IMAGE_BYTES) return tooLargeMessage(file.name, bytesToMB(file.size));
  return null;
}

const DATA_URL = /^data:(image\/(?:jpeg|png|gif|webp|heic|heif));base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * Splits an image data URL ('data:image/png;base64,…') into its type and base64 payload, with the
 * decoded size in bytes. Null when it is not a base64 data URL of an accepted type.
 */
export function parseImageDataUrl(dataUrl: string): { mimeType: AcceptedImageType; base64: string; byteLength: number } | null {
  if (dataUrl.length > MAX_IMAGE_DATA_URL_LENGTH) return null;
  const m = DATA_URL.exec(dataUrl);
  if (!m || m[2].length % 4 !== 0) return null;
  const base64 = m[2];
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return { mimeType: m[1] as AcceptedImageType, base64, byteLength: (base64.length / 4) * 3 - padding };
}
