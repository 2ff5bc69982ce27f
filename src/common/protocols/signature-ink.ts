// How much ink a drawn signature holds (rules §5 and §9: "Signature save needs a non-empty drawing";
// Documenso's habit of a minimum-ink check). One rule for both sides: the pad refuses a dot or a short
// line before anything is sent, and the server refuses it whatever a client sends.

/** rules §9: the signature canvas is 500 × 200; the pad stores its drawing at this size. */
export const SIGNATURE_WIDTH = 500;
export const SIGNATURE_HEIGHT = 200;

/** Ink must cover at least this share of the image and span this many pixels of a 500-wide image. */
export const MIN_INK_SHARE = 0.002;
export const MIN_INK_SPAN = 40;
/** A pixel darker than this (0 black … 255 white, on white) is ink. */
export const INK_THRESHOLD = 160;

export type InkMeasure = { ink: number; span: number };

/**
 * Counts the ink of a greyscale image (one byte a pixel, row by row, flattened on white) and how far
 * it reaches: the larger of its width and height, in pixels.
 */
export function measureInk(grey: ArrayLike<number>, width: number, height: number): InkMeasure {
  let ink = 0;
  let minX = width;
  let maxX = -1;
  let minY = height;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (grey[y * width + x] < INK_THRESHOLD) {
        ink += 1;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  return { ink, span: ink === 0 ? 0 : Math.max(maxX - minX, maxY - minY) };
}

/** Whether a signature of this size holds enough ink to be a signature, not a dot or a stray line. */
export function hasEnoughInk({ ink, span }: InkMeasure, width: number, height: number): boolean {
  return ink >= width * height * MIN_INK_SHARE && span >= MIN_INK_SPAN;
}

/** RGBA pixels (a canvas's ImageData, drawn on white) as greyscale, the way the server reads them. */
export function rgbaToGrey(rgba: ArrayLike<number>): Uint8Array {
  const grey = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < grey.length; i += 1) {
    grey[i] = Math.round(0.2126 * rgba[i * 4] + 0.7152 * rgba[i * 4 + 1] + 0.0722 * rgba[i * 4 + 2]);
  }
  return grey;
}
