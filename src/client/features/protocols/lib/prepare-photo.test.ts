import { describe, expect, it, vi } from "vitest";
import { PhotoError, photoErrorMessage, preparePhoto, type PhotoSteps } from "./prepare-photo";

// Issue 23 point 9: what the protocol form does with a picked photo before it is added. The browser's
// own steps (reading, decoding, the canvas) are given, as happy-dom has none; the browser test
// (e2e/protocols.spec.ts) runs the real ones and the server's HEIC decoding.

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii("JFIF"), 0xff, 0xda, 0, 8, 1, 2, 0xff, 0x00, 3, 0xff, 0xd9]);
const PNG = new Uint8Array([0x89, ...ascii("PNG\r\n\x1a\n"), 0, 0, 0, 0, ...ascii("IEND"), 0xae, 0x42, 0x60, 0x82]);

const file = (name: string, type = "image/jpeg") => new File(["x"], name, { type });
const bitmap = (width = 4000, height = 3000) => ({ width, height, close: vi.fn() }) as unknown as ImageBitmap;

function steps(bytes: Uint8Array, overrides: Partial<PhotoSteps> = {}): PhotoSteps {
  return {
    readBytes: vi.fn(async () => bytes),
    readAsDataUrl: vi.fn(async () => "data:application/octet-stream;base64,QUJD"),
    decode: vi.fn(async () => bitmap()),
    encode: vi.fn(async () => "data:image/jpeg;base64,SlBFRw=="),
    convert: vi.fn(async () => {
      throw new Error("not asked for in these cases");
    }),
    ...overrides,
  };
}

const unreadable = (name: string) => `Kunde inte läsa bilden ”${name}”. Filen är skadad eller är ingen bild.`;

describe("preparePhoto", () => {
  it("scales and re-encodes a whole, decodable photo", async () => {
    const s = steps(JPEG);
    expect(await preparePhoto(file("utedel.jpg"), s)).toBe("data:image/jpeg;base64,SlBFRw==");
    expect(s.encode).toHaveBeenCalledTimes(1);
  });

  it("takes a PNG named .jpg: the bytes decide, not the name", async () => {
    expect(await preparePhoto(file("skylt.jpg"), steps(PNG))).toBe("data:image/jpeg;base64,SlBFRw==");
  });

  it("refuses random bytes named .jpg at once, naming the file, without decoding them", async () => {
    const s = steps(new Uint8Array(ascii("inte en bild alls, bara text")));
    await expect(preparePhoto(file("x.jpg"), s)).rejects.toThrow(new PhotoError(unreadable("x.jpg")));
    expect(s.decode).not.toHaveBeenCalled();
  });

  it("refuses a JPEG cut off in the middle, though a browser would decode its top half", async () => {
    await expect(preparePhoto(file("avbruten.jpg"), steps(JPEG.subarray(0, JPEG.length - 2)))).rejects.toThrow(unreadable("avbruten.jpg"));
  });

  it("refuses a whole-looking file the browser cannot decode", async () => {
    const s = steps(JPEG, { decode: vi.fn(async () => Promise.reject(new Error("InvalidStateError"))) });
    await expect(preparePhoto(file("trasig.jpg"), s)).rejects.toThrow(unreadable("trasig.jpg"));
    expect(s.convert).not.toHaveBeenCalled();
  });

  it("keeps the original, with its real type, when re-encoding fails (rules §5)", async () => {
    const s = steps(PNG, { encode: vi.fn(async () => Promise.reject(new Error("canvas"))) });
    expect(await preparePhoto(file("skylt.png", "image/png"), s)).toBe("data:image/png;base64,QUJD");
  });

  it("names the file in the message of anything unexpected", () => {
    expect(photoErrorMessage(file("y.jpg"), new TypeError("boom"))).toBe(unreadable("y.jpg"));
  });
});
