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

  it("accepts the least ink at the shortest span, and refuses a hairline however long", () => {
    // 0.2 % of 500 × 200 is 200 pixels; the span must be 40 pixels.
    expect(hasEnoughInk(measureInk(image([100, 100, 100, 2]), W, H), W, H)).toBe(true); // 200 px, spans 99
    expect(hasEnoughInk(measureInk(image([100, 100, 41, 5]), W, H), W, H)).toBe(true); // 205 px, spans 40
    expect(hasEnoughInk(measureInk(image([100, 100, 199, 1]), W, H), W, H)).toBe(false); // 199 px, spans 198
    expect(hasEnoughInk(measureInk(image([100, 100, 40, 6]), W, H), W, H)).toBe(false); // 240 px, spans 39
  });

  it("measures how far the ink reaches, across and down, to the image's edges", () => {
    expect(measureInk(image(), W, H)).toEqual({ ink: 0, span: 0 });
    expect(measureInk(image([100, 100, 30, 3]), W, H)).toEqual({ ink: 90, span: 29 }); // across
    expect(measureInk(image([200, 60, 3, 80]), W, H)).toEqual({ ink: 240, span: 79 }); // down
    expect(measureInk(image([0, 0, 1, 10]), W, H)).toEqual({ ink: 10, span: 9 }); // the left edge
    expect(measureInk(image([W - 5, H - 1, 5, 1], [0, 0, 1, 1]), W, H)).toEqual({ ink: 6, span: W - 1 }); // corner to corner
    expect(measureInk(image([300, 20, 1, 1], [100, 150, 1, 1]), W, H)).toEqual({ ink: 2, span: 200 }); // a stroke from top right to bottom left
  });

  it("reads grey values as the server does: dark ink counts, light grey does not", () => {
    const rgba = new Uint8Array([17, 24, 39, 255, 200, 200, 200, 255, 255, 255, 255, 255]);
    expect(measureInk(rgbaToGrey(rgba), 3, 1)).toEqual({ ink: 1, span: 0 });
    // Darker than 160 is ink; 160 itself is not.
    expect(measureInk(new Uint8Array([159, 160, 255]), 3, 1)).toEqual({ ink: 1, span: 0 });
  });

  it("weighs red, green and blue by luminance (ITU-R BT.709), one grey byte a pixel", () => {
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 17, 24, 39, 255]);
    expect(rgbaToGrey(rgba)).toEqual(new Uint8Array([54, 182, 18, 24]));
  });
});
