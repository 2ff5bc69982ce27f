import { describe, expect, it } from "vitest";
import { ACCEPTED_IMAGE_TYPES, IMAGE_FILE_HINT, MAX_IMAGE_BYTES, MB } from "./image-rules";

// Issue 23: the one upload hint names every type the server accepts and its limit.
describe("IMAGE_FILE_HINT", () => {
  it("names each accepted type and the 10 MB limit", () => {
    const names: Record<(typeof ACCEPTED_IMAGE_TYPES)[number], string> = {
      "image/jpeg": "JPG",
      "image/png": "PNG",
      "image/gif": "GIF",
      "image/webp": "WebP",
      "image/heic": "HEIC",
      "image/heif": "HEIC",
    };
    for (const type of ACCEPTED_IMAGE_TYPES) expect(IMAGE_FILE_HINT).toContain(names[type]);
    expect(IMAGE_FILE_HINT).toContain(`högst ${MAX_IMAGE_BYTES / MB} MB per bild`);
  });
});
