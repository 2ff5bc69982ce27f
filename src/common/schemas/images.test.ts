import { describe, expect, it } from "vitest";
import {
  ACCEPTED_IMAGE_TYPES,
  COMPRESSION_MAX_WIDTH,
  COMPRESSION_QUALITY,
  COMPRESSION_THRESHOLD_BYTES,
  IMAGE_ACCEPT_ATTRIBUTE,
  MAX_IMAGES,
  MAX_IMAGE_BYTES,
  bytesToMB,
  imageText,
  imageTypeOf,
  parseImageDataUrl,
  tooLargeMessage,
  unsupportedTypeMessage,
  validateImageFile,
} from "./images";

const MB = 1024 * 1024;

describe("image rules (rules §5, §9)", () => {
  it("has the limits of the public upload", () => {
    expect(ACCEPTED_IMAGE_TYPES).toEqual(["image/jpeg", "image/png", "image/gif", "image/webp", "image/heic", "image/heif"]);
    expect(MAX_IMAGES).toBe(4);
    expect(MAX_IMAGE_BYTES).toBe(10 * MB);
    expect(COMPRESSION_THRESHOLD_BYTES).toBe(MB);
    expect(COMPRESSION_MAX_WIDTH).toBe(1200);
    expect(COMPRESSION_QUALITY).toBe(0.7);
    expect(IMAGE_ACCEPT_ATTRIBUTE).toContain("image/heic");
    expect(IMAGE_ACCEPT_ATTRIBUTE).toContain(".heic");
  });
});

describe("Swedish image messages (rules §8)", () => {
  it("names an unsupported type, or calls it unknown", () => {
    expect(unsupportedTypeMessage("application/pdf")).toBe("Filtypen application/pdf stöds inte. Använd JPG, PNG, GIF eller WebP.");
    expect(unsupportedTypeMessage("")).toBe("Filtypen okänd stöds inte. Använd JPG, PNG, GIF eller WebP.");
    expect(unsupportedTypeMessage(undefined)).toBe("Filtypen okänd stöds inte. Använd JPG, PNG, GIF eller WebP.");
  });

  it.each([
    [12.345, "Filen ”semester.jpg” är för stor (12,3 MB). Maxgräns är 10 MB."],
    [10.04, "Filen ”semester.jpg” är för stor (10,0 MB). Maxgräns är 10 MB."],
    [25, "Filen ”semester.jpg” är för stor (25,0 MB). Maxgräns är 10 MB."],
  ])("states the size of a too large file (%s MB)", (size, message) => {
    expect(tooLargeMessage("semester.jpg", size)).toBe(message);
  });

  it("has the fixed texts", () => {
    expect(imageText).toMatchObject({
      maxImagesReached: "Max antal bilder uppnått (4)",
      compressionFailed: "Komprimering misslyckades",
      couldNotReadImage: "Kunde inte läsa bilden",
      couldNotReadFile: "Kunde inte läsa filen",
      processingError: "Fel vid bildbehandling",
      genericError: "Ett fel inträffade",
    });
  });
});

describe("validateImageFile", () => {
  it.each([
    [{ name: "a.jpg", type: "image/jpeg", size: 2 * MB }, null],
    [{ name: "a.png", type: "image/png", size: 10 * MB }, null], // exactly the limit
    [{ name: "a.gif", type: "image/gif", size: 1 }, null],
    [{ name: "a.webp", type: "image/webp", size: 1 }, null],
    [{ name: "IMG_0001.HEIC", type: "image/heic", size: 3 * MB }, null],
    [{ name: "IMG_0001.HEIC", type: "", size: 3 * MB }, null], // browsers without a HEIC MIME type
    [{ name: "a.heif", type: "image/heif", size: 1 }, null],
    [{ name: "a.pdf", type: "application/pdf", size: 1 }, "Filtypen application/pdf stöds inte. Använd JPG, PNG, GIF eller WebP."],
    [{ name: "a.svg", type: "image/svg+xml", size: 1 }, "Filtypen image/svg+xml stöds inte. Använd JPG, PNG, GIF eller WebP."],
    [{ name: "utan-typ", type: "", size: 1 }, "Filtypen okänd stöds inte. Använd JPG, PNG, GIF eller WebP."],
    [{ name: "stor.jpg", type: "image/jpeg", size: 10 * MB + 1 }, "Filen ”stor.jpg” är för stor (10,0 MB). Maxgräns är 10 MB."],
    [{ name: "stor.png", type: "image/png", size: 15.55 * MB }, "Filen ”stor.png” är för stor (15,6 MB). Maxgräns är 10 MB."],
    [{ name: "stor.pdf", type: "application/pdf", size: 50 * MB }, "Filtypen application/pdf stöds inte. Använd JPG, PNG, GIF eller WebP."],
  ])("%j: %s", (file, message) => {
    expect(validateImageFile(file)).toBe(message);
  });

  it("guesses a type from the extension only when the file has none", () => {
    expect(imageTypeOf({ type: "", name: "photo.JPG" })).toBe("image/jpeg");
    expect(imageTypeOf({ type: "text/plain", name: "photo.jpg" })).toBeNull();
    expect(imageTypeOf({ type: "IMAGE/PNG", name: "x" })).toBe("image/png");
    expect(bytesToMB(MB * 2.5)).toBe(2.5);
  });
});

describe("parseImageDataUrl", () => {
  it("splits a data URL and counts its bytes", () => {
    expect(parseImageDataUrl("data:image/png;base64,AAAA")).toEqual({ mimeType: "image/png", base64: "AAAA", byteLength: 3 });
    expect(parseImageDataUrl("data:image/jpeg;base64,AAA=")?.byteLength).toBe(2);
    expect(parseImageDataUrl("data:image/webp;base64,AA==")?.byteLength).toBe(1);
  });

  it.each(["data:image/png;base64,AAA", "data:image/png,AAAA", "data:text/plain;base64,AAAA", "AAAA", "data:image/png;base64,AA=A"])("refuses %s", (value) => {
    expect(parseImageDataUrl(value)).toBeNull();
  });
});
