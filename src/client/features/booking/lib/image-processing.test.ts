import { describe, expect, it, vi } from "vitest";
import { imageText, MAX_IMAGE_BYTES } from "@/common/schemas/images";
import { IMAGE_PROGRESS } from "./image-entry";
import {
  ImageProcessingError,
  imageErrorMessage,
  isCompleteImage,
  needsCompression,
  processImageFile,
  readAsDataUrl,
  scaledSize,
  sniffImageType,
  withImageMimeType,
  type ImageProcessingSteps,
} from "./image-processing";

const MB = 1024 * 1024;

/** A File of `size` bytes without allocating them all (only size, name and type matter here). */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** The smallest byte sequences that look like a whole file of each format (only their frame matters here). */
const BYTES = {
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii("JFIF"), 0xff, 0xda, 0, 8, 1, 2, 0xff, 0x00, 3, 0xff, 0xd9]),
  png: new Uint8Array([0x89, ...ascii("PNG\r\n\x1a\n"), 0, 0, 0, 0, ...ascii("IEND"), 0xae, 0x42, 0x60, 0x82]),
  gif: new Uint8Array([...ascii("GIF89a"), 1, 0, 1, 0, 0x3b]),
  webp: new Uint8Array([...ascii("RIFF"), 4, 0, 0, 0, ...ascii("WEBP")]),
  heic: new Uint8Array([0, 0, 0, 24, ...ascii("ftypheic"), 0, 0, 0, 0, ...ascii("mif1heic")]),
};

function bytesOf(file: Blob): Uint8Array {
  const name = (file as File).name ?? "";
  if (/\.png$/i.test(name)) return BYTES.png;
  if (/\.hei[cf]$/i.test(name)) return BYTES.heic;
  return BYTES.jpeg;
}

function steps(overrides: Partial<ImageProcessingSteps> = {}): ImageProcessingSteps {
  return {
    readBytes: vi.fn(async (file: Blob) => bytesOf(file)),
    readAsDataUrl: vi.fn(async (blob: Blob) => `data:${blob.type || "application/octet-stream"};base64,QUJD`),
    decode: vi.fn(async () => ({ width: 4000, height: 3000, close: () => {} }) as unknown as ImageBitmap),
    encode: vi.fn(async () => new Blob(["jpeg"], { type: "image/jpeg" })),
    ...overrides,
  };
}

describe("compression rules (rules §5)", () => {
  it("keeps files under 1 MB and never re-encodes HEIC/HEIF", () => {
    expect(needsCompression({ name: "a.jpg", type: "image/jpeg", size: MB - 1 })).toBe(false);
    expect(needsCompression({ name: "a.jpg", type: "image/jpeg", size: MB })).toBe(true);
    expect(needsCompression({ name: "a.png", type: "image/png", size: 5 * MB })).toBe(true);
    expect(needsCompression({ name: "IMG_1.HEIC", type: "", size: 5 * MB })).toBe(false);
    expect(needsCompression({ name: "b.heif", type: "image/heif", size: 5 * MB })).toBe(false);
  });

  it("scales to at most 1200 px wide, keeping the aspect ratio and never enlarging", () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1200, height: 900 });
    expect(scaledSize(2400, 1600)).toEqual({ width: 1200, height: 800 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(scaledSize(1200, 5)).toEqual({ width: 1200, height: 5 });
    expect(scaledSize(100000, 10)).toEqual({ width: 1200, height: 1 });
  });

  it("names the real image type in the data URL, also when the browser gave none", () => {
    expect(withImageMimeType("data:application/octet-stream;base64,AAAA", "image/heic")).toBe("data:image/heic;base64,AAAA");
    expect(withImageMimeType("data:;base64,AAAA", "image/heif")).toBe("data:image/heif;base64,AAAA");
    expect(withImageMimeType("data:image/png;base64,AAAA", "image/png")).toBe("data:image/png;base64,AAAA");
    expect(() => withImageMimeType("data:text/plain,hello", "image/png")).toThrow(imageText.couldNotReadFile);
  });
});

describe("processImageFile", () => {
  it("sends a small image as it is once it has decoded, reporting 30 then 60", async () => {
    const progress: number[] = [];
    const s = steps();
    const url = await processImageFile(fakeFile("liten.png", "image/png", 200_000), (p) => progress.push(p), s);
    expect(url).toBe("data:image/png;base64,QUJD");
    expect(progress).toEqual([IMAGE_PROGRESS.read, IMAGE_PROGRESS.processed]);
    expect(s.decode).toHaveBeenCalledOnce(); // a small file is decoded too, only not re-encoded
    expect(s.encode).not.toHaveBeenCalled();
  });

  it("refuses a text file renamed .jpg, naming it, before anything is sent", async () => {
    const s = steps({ readBytes: async () => new Uint8Array(ascii("inte en bild")) });
    await expect(processImageFile(fakeFile("kvitto.jpg", "image/jpeg", 12), () => {}, s)).rejects.toThrow(
      "Kunde inte läsa bilden ”kvitto.jpg”. Filen är skadad eller är ingen bild.",
    );
    expect(s.decode).not.toHaveBeenCalled();
    expect(s.readAsDataUrl).not.toHaveBeenCalled();
  });

  it("refuses a JPEG that was cut off before its end", async () => {
    const truncated = BYTES.jpeg.subarray(0, BYTES.jpeg.length - 3);
    const s = steps({ readBytes: async () => truncated });
    await expect(processImageFile(fakeFile("avbruten.jpg", "image/jpeg", 20), () => {}, s)).rejects.toThrow("Kunde inte läsa bilden ”avbruten.jpg”");
  });

  it("refuses a file the browser cannot decode although it looks like an image", async () => {
    const s = steps({ decode: async () => Promise.reject(new DOMException("The source image could not be decoded.", "InvalidStateError")) });
    await expect(processImageFile(fakeFile("trasig.png", "image/png", 300), () => {}, s)).rejects.toThrow("Kunde inte läsa bilden ”trasig.png”");
  });

  it("goes by the bytes, not the name: a PNG called .jpg is sent as a PNG", async () => {
    const s = steps({ readBytes: async () => BYTES.png });
    expect(await processImageFile(fakeFile("bild.jpg", "image/jpeg", 300), () => {}, s)).toBe("data:image/png;base64,QUJD");
  });

  it.each([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
    ["heic", "image/heic"],
  ] as const)("recognises a whole %s file", (format, type) => {
    expect(sniffImageType(BYTES[format])).toBe(type);
    expect(isCompleteImage(BYTES[format], type)).toBe(true);
  });

  it.each([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
  ] as const)("notices a %s file cut off at the end", (format, type) => {
    const bytes = BYTES[format];
    expect(isCompleteImage(bytes.subarray(0, bytes.length - (format === "webp" ? 1 : 4)), type)).toBe(false);
  });

  it("recognises no image in text, PDF or SVG bytes", () => {
    for (const text of ["inte en bild", "%PDF-1.4", "<svg xmlns='http://www.w3.org/2000/svg'/>", ""]) {
      expect(sniffImageType(new Uint8Array(ascii(text)))).toBeNull();
    }
  });

  it("sends HEIC unchanged with an image/heic prefix even without a MIME type", async () => {
    const s = steps();
    const url = await processImageFile(fakeFile("IMG_0001.HEIC", "", 6 * MB), () => {}, s);
    expect(url).toBe("data:image/heic;base64,QUJD");
    expect(s.encode).not.toHaveBeenCalled();
  });

  it("compresses a large image to JPEG", async () => {
    const s = steps();
    const progress: number[] = [];
    const url = await processImageFile(fakeFile("stor.png", "image/png", 3 * MB), (p) => progress.push(p), s);
    expect(s.decode).toHaveBeenCalledOnce();
    expect(s.encode).toHaveBeenCalledOnce();
    expect(url).toBe("data:image/jpeg;base64,QUJD");
    expect(progress).toEqual([IMAGE_PROGRESS.read, IMAGE_PROGRESS.processed]);
  });

  it("rejects wrong types and files over 10 MB with the rules §8 messages", async () => {
    await expect(processImageFile(fakeFile("a.txt", "text/plain", 10), () => {}, steps())).rejects.toThrow(
      "Filtypen text/plain stöds inte. Använd JPG, PNG, GIF eller WebP.",
    );
    await expect(processImageFile(fakeFile("okänd", "", 10), () => {}, steps())).rejects.toThrow("Filtypen okänd stöds inte.");
    await expect(processImageFile(fakeFile("stor.jpg", "image/jpeg", MAX_IMAGE_BYTES + 0.5 * MB), () => {}, steps())).rejects.toThrow(
      "Filen ”stor.jpg” är för stor (10,5 MB). Maxgräns är 10 MB.",
    );
  });

  it("reports decoding and compression failures in Swedish", async () => {
    const unreadable = steps({ decode: async () => Promise.reject(new Error("decode")) });
    await expect(processImageFile(fakeFile("trasig.jpg", "image/jpeg", 2 * MB), () => {}, unreadable)).rejects.toThrow(imageText.couldNotReadImage);
    const failing = steps({ encode: async () => Promise.reject(new ImageProcessingError(imageText.compressionFailed)) });
    await expect(processImageFile(fakeFile("bild.jpg", "image/jpeg", 2 * MB), () => {}, failing)).rejects.toThrow(imageText.compressionFailed);
  });

  it("turns unexpected failures into 'Fel vid bildbehandling' and anything else into 'Ett fel inträffade'", () => {
    expect(imageErrorMessage(new ImageProcessingError(imageText.couldNotReadFile))).toBe(imageText.couldNotReadFile);
    expect(imageErrorMessage(new TypeError("boom"))).toBe(imageText.processingError);
    expect(imageErrorMessage("boom")).toBe(imageText.genericError);
  });

  it("reads a real file as a data URL", async () => {
    const url = await readAsDataUrl(new File([new Uint8Array([65, 66, 67])], "a.png", { type: "image/png" }));
    expect(url).toBe("data:image/png;base64,QUJD");
  });
});
