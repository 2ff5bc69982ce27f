import { describe, expect, it } from "vitest";
import { hasEnoughInk, measureInk, rgbaToGrey, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from "./signature-ink";

const W = SIGNATURE_WIDTH;
const H = SIGNATURE_HEIGHT;

/** A white 500 × 200 greyscale image with black rectangles [x, y, width, height]. */
function image(...rects: [number, number, number, number][]): Uint8Array {
  const grey = new Uint8Array(W * H).fill(255);
  for (const [x0, y0, w, h] of rects) for (let y = y0; y < y0 + h; y += 1) for (let x = x0; x < x0 + w; x += 1) grey[y * W + x] = 17;
  return grey;
}

describe("signature ink", () => {
  it("accepts a name's worth of strokes", () => {
    const signature = image([50, 80, 100, 3], [200, 60, 3, 80], [300, 100, 120, 3]);
    expect(hasEnoughInk(measureInk(signature, W, H), W, H)).toBe(true);
  });

  it("refuses an empty pad, a dot and a short line", () => {
    expect(hasEnoughInk(measureInk(image(), W, H), W, H)).toBe(false);
    expect(hasEnoughInk(measureInk(image([100, 100, 15, 15]), W, H), W, H)).toBe(false); // 225 px of ink, no span
    expect(hasEnoughInk(measureInk(image([100, 100, 30, 3]), W, H), W, H)).toBe(false); // spans 29 px
  });

  it("reads grey values as the server does: dark ink counts, light grey does not", () => {
    const rgba = new Uint8Array([17, 24, 39, 255, 200, 200, 200, 255, 255, 255, 255, 255]);
    expect(measureInk(rgbaToGrey(rgba), 3, 1)).toEqual({ ink: 1, span: 0 });
  });
});
