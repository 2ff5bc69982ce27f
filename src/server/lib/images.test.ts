import { afterAll, afterEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import { phonePhotoDataUrl } from "../test-support/booking-fixtures";
import { heavyHeic, heicDeclaring, hostileRealHeic, pngDeclaring, smallHeic, svgImage } from "../test-support/fixtures/hostile-images";
import { AppError } from "./errors";
import {
  closeImagePool,
  configureImagePool,
  defaultImagePoolOptions,
  exceedsImageLimits,
  imagePoolStats,
  readDeclaredSize,
  reencodeImage,
  sniffImageFormat,
} from "./images";

const UNREADABLE = "Kunde inte läsa bilden";

afterAll(() => closeImagePool());

/** The AppError a promise rejects with, and how long it took to. */
async function refusal(promise: Promise<unknown>): Promise<{ error: AppError; ms: number }> {
  const started = performance.now();
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { error, ms: performance.now() - started };
  }
  throw new Error("expected a refusal");
}

describe("reencodeImage", () => {
  it("turns a phone photo into an upright JPEG without EXIF or GPS", async () => {
    const jpeg = Buffer.from((await phonePhotoDataUrl(64, 32)).split(",")[1], "base64");
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await reencodeImage(jpeg, UNREADABLE);
    const meta = await sharp(out.data).metadata();
    expect(out).toMatchObject({ contentType: "image/jpeg", width: 32, height: 64 }); // orientation 6 applied
    expect(meta).toMatchObject({ format: "jpeg", width: 32, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.data.includes(Buffer.from("Kamera X"))).toBe(false);
  });

  it("converts an iPhone HEIC photo to JPEG", async () => {
    const out = await reencodeImage(smallHeic(), UNREADABLE);
    expect(out).toMatchObject({ contentType: "image/jpeg", width: 48, height: 32 });
    expect((await sharp(out.data).metadata()).format).toBe("jpeg");
  });

  it("scales a 39 MP HEIC down to 2000 px", async () => {
    const out = await reencodeImage(heavyHeic(), UNREADABLE);
    expect(out).toMatchObject({ width: 2000, height: 1333 });
  });

  it("flattens PNG transparency onto white and reads GIF and WebP", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const out = await reencodeImage(png, UNREADABLE);
    const { data } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(250);
    for (const format of ["gif", "webp"] as const) {
      const image = sharp({ create: { width: 20, height: 10, channels: 3, background: "#336699" } });
      const bytes = await image[format]().toBuffer();
      expect(await reencodeImage(bytes, UNREADABLE)).toMatchObject({ width: 20, height: 10 });
    }
  });

  it.each([
    ["SVG", async () => svgImage()],
    ["SVG with an XML declaration", async () => Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), svgImage()])],
    [
      "TIFF",
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .tiff()
          .toBuffer(),
    ],
    [
      "AVIF",
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .avif()
          .toBuffer(),
    ],
    ["PDF", async () => Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n")],
    ["BMP", async () => Buffer.concat([Buffer.from("BM"), Buffer.alloc(60)])],
    ["text", async () => Buffer.from("<script>alert(1)</script>")],
  ])("refuses %s, which sharp could otherwise render, without starting a decode", async (_, make) => {
    const bytes = await make();
    const before = imagePoolStats().submitted;
    const { error } = await refusal(reencodeImage(bytes, UNREADABLE));
    expect(error).toMatchObject({ statusCode: 422, message: UNREADABLE });
    expect(imagePoolStats().submitted).toBe(before);
  });

  it("refuses a HEIC declaring 16384 × 16384 in well under a second, without decoding it", async () => {
    const hostile = heicDeclaring(16384, 16384);
    expect(hostile.length).toBeLessThan(1000);
    const before = imagePoolStats().submitted;
    const { error, ms } = await refusal(reencodeImage(hostile, UNREADABLE));
    expect(error).toMatchObject({ statusCode: 422, message: "Bilden är för stor (16384 × 16384 pixlar). Största tillåtna storlek är 50 megapixlar." });
    expect(ms).toBeLessThan(1000);
    expect(imagePoolStats().submitted).toBe(before);
  });

  it("refuses a real 12288 × 12288 HEIC of 33 KB without decoding it", async () => {
    const before = imagePoolStats().submitted;
    const { error, ms } = await refusal(reencodeImage(hostileRealHeic(), UNREADABLE));
    expect(error.message).toBe("Bilden är för stor (12288 × 12288 pixlar). Största tillåtna storlek är 50 megapixlar.");
    expect(ms).toBeLessThan(1000);
    expect(imagePoolStats().submitted).toBe(before);
  });

  it("refuses a PNG declaring 20000 × 20000, and one 25000 px wide but only 10 high", async () => {
    const { error, ms } = await refusal(reencodeImage(pngDeclaring(20000, 20000), UNREADABLE));
    expect(error).toMatchObject({ statusCode: 422, message: "Bilden är för stor (20000 × 20000 pixlar). Största tillåtna storlek är 50 megapixlar." });
    expect(ms).toBeLessThan(1000);
    const thin = await refusal(reencodeImage(pngDeclaring(25000, 10), UNREADABLE));
    expect(thin.error.message).toBe("Bilden är för stor (25000 × 10 pixlar). Bredd och höjd får vara högst 20 000 pixlar.");
  });

  it("refuses a HEIC whose boxes do not fit in the file", async () => {
    const truncated = smallHeic().subarray(0, 300);
    expect((await refusal(reencodeImage(truncated, UNREADABLE))).error.message).toBe(UNREADABLE);
  });

  describe("on the worker pool", () => {
    afterEach(() => configureImagePool(defaultImagePoolOptions));

    it("gives up on a decode that outlasts its timeout, and the pool keeps working", async () => {
      const { error, ms } = await refusal(reencodeImage(heavyHeic(), UNREADABLE, { timeoutMs: 50 }));
      expect(error).toMatchObject({ statusCode: 422, message: "Bilden tog för lång tid att läsa. Försök med en mindre bild." });
      expect(ms).toBeLessThan(1000); // the whole decode takes about 1.5 s
      expect(await reencodeImage(smallHeic(), UNREADABLE)).toMatchObject({ width: 48, height: 32 });
      expect(imagePoolStats().running).toBe(0);
    });

    it("answers 503 when more images wait than the queue holds", async () => {
      await configureImagePool({ maxThreads: 1, maxQueue: 1 });
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => reencodeImage(heavyHeic(), UNREADABLE)));
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0]).toMatchObject({ statusCode: 503, message: "Servern behandlar många bilder just nu. Försök igen om en stund." });
      expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    });
  });
});

describe("sniffImageFormat and readDeclaredSize", () => {
  it("lets an iPhone's 48 MP photo through and stops 16384 × 16384", () => {
    expect(exceedsImageLimits({ width: 8064, height: 6048 })).toBe(false);
    expect(exceedsImageLimits({ width: 6048, height: 8064 })).toBe(false);
    expect(exceedsImageLimits({ width: 16384, height: 16384 })).toBe(true);
    expect(readDeclaredSize(pngDeclaring(8064, 6048), "png")).toEqual(expect.objectContaining({ width: 8064, height: 6048 }));
  });

  it("reads every size a HEIF declares, not only the first", () => {
    const heic = smallHeic();
    expect(sniffImageFormat(heic)).toBe("heif");
    // A 64 × 64 tile and the 48 × 32 grid made of it: the larger one counts.
    expect(readDeclaredSize(heic, "heif")).toEqual({ width: 64, height: 64 });
    // Only the grid's own size rewritten: still found.
    const grid = Buffer.from(heic);
    const second = grid.indexOf("ispe", grid.indexOf("ispe") + 4);
    grid.writeUInt32BE(16384, second + 8);
    grid.writeUInt32BE(16384, second + 12);
    expect(readDeclaredSize(grid, "heif")).toEqual({ width: 16384, height: 16384 });
  });

  it("reads no size from a JPEG cut off inside its header, whatever memory lies after it (issue 23 point 9)", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#468" } })
      .jpeg()
      .toBuffer();
    // Cut three bytes into its frame header (SOF0), so width and height are missing.
    const sof = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
    const cut = jpeg.subarray(0, sof + 5).toString("base64");
    // Decoded as the server decodes a data URL: small buffers share Node's pool with other data.
    const sizes = new Set(Array.from({ length: 100 }, () => JSON.stringify(readDeclaredSize(Buffer.from(cut, "base64"), "jpeg"))));
    expect([...sizes]).toEqual(["null"]);
    expect((await refusal(reencodeImage(Buffer.from(cut, "base64"), UNREADABLE))).error.message).toBe(UNREADABLE);
    // A whole one read the same way still has its size.
    expect(readDeclaredSize(Buffer.from(jpeg.toString("base64"), "base64"), "jpeg")).toMatchObject({ width: 64, height: 48 });
  });

  it("goes by the bytes, not by the name or declared type", async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    expect(sniffImageFormat(jpeg)).toBe("jpeg");
    expect(sniffImageFormat(pngDeclaring(4, 4))).toBe("png");
    expect(sniffImageFormat(svgImage())).toBeNull();
    // A PNG header on a JPEG body: the sizes image-size reads must belong to the sniffed format.
    expect(readDeclaredSize(jpeg, "png")).toBeNull();
  });
});
