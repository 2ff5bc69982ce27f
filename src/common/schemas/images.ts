// Image schemas for the public booking upload (rules §5, §9; rules D20). The zod-free rules and
// messages live in ../image-rules (re-exported here).
import { z } from "zod";
import { imageText, MAX_IMAGE_BYTES, MAX_IMAGE_DATA_URL_LENGTH, MAX_IMAGES, MB, parseImageDataUrl } from "../image-rules";

export * from "../image-rules";

/** One image in POST /api/bookings: a base64 data URL of an accepted type, at most 10 MB decoded. */
export const ImageDataUrlSchema = z
  .string({ error: imageText.couldNotReadImage })
  .max(MAX_IMAGE_DATA_URL_LENGTH, { error: `Bilden är för stor. Maxgräns är ${MAX_IMAGE_BYTES / MB} MB.`, abort: true })
  .refine(
    (v) => {
      const parsed = parseImageDataUrl(v);
      return parsed !== null && parsed.byteLength > 0;
    },
    { error: imageText.couldNotReadImage, abort: true },
  )
  .refine((v) => (parseImageDataUrl(v)?.byteLength ?? 0) <= MAX_IMAGE_BYTES, {
    error: `Bilden är för stor. Maxgräns är ${MAX_IMAGE_BYTES / MB} MB.`,
  });

/** Up to MAX_IMAGES image data URLs ('Max antal bilder uppnått (4)' beyond that). */
export const BookingImagesSchema = z.array(ImageDataUrlSchema).max(MAX_IMAGES, { error: imageText.maxImagesReached });
