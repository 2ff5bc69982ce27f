import { describe, expect, it, vi } from "vitest";
import { imageText, MAX_IMAGE_BYTES } from "@/common/schemas/images";
import { IMAGE_PROGRESS } from "./image-entry";
import {
  ImageProcessingError,
  imageErrorMessage,
  needsCompression,
  processImageFile,
  readAsDataUrl,
  scaledSize,
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

function steps(overrides: Partial<ImageProcessingSteps> = {}): ImageProcessingSteps {
  return {
    readAsDataUrl: vi.fn(async (blob: Blob) => `data:${blob.type || "application/octet-stream"};base64,QUJD`),
    decode: vi.fn(async () => ({ width: 4000, height: 3000, close: () => {} }) as unknown as ImageBitmap),
    encode: vi.fn(async () => new Blob(["jpeg"], { type: "image/jpeg" })),
    ...overrides,
  };
}

describe("compression rules (SPEC §5)", () => {
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
  it("sends a small image as it is, reporting 30 then 60", async () => {
    const progress: number[] = [];
    const s = steps();
    const url = await processImageFile(fakeFile("liten.png", "image/png", 200_000), (p) => progress.push(p), s);
    expect(url).toBe("data:image/png;base64,QUJD");
    expect(progress).toEqual([IMAGE_PROGRESS.read, IMAGE_PROGRESS.processed]);
    expect(s.decode).not.toHaveBeenCalled();
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

  it("rejects wrong types and files over 10 MB with the SPEC §8 messages", async () => {
    await expect(processImageFile(fakeFile("a.txt", "text/plain", 10), () => {}, steps())).rejects.toThrow(
      "Filtypen text/plain stöds inte. Använd JPG, PNG, GIF eller WebP.",
    );
    await expect(processImageFile(fakeFile("okänd", "", 10), () => {}, steps())).rejects.toThrow("Filtypen okänd stöds inte.");
    await expect(processImageFile(fakeFile("stor.jpg", "image/jpeg", MAX_IMAGE_BYTES + 0.5 * MB), () => {}, steps())).rejects.toThrow(
      'Filen "stor.jpg" är för stor (10.5MB). Maxgräns är 10MB.',
    );
  });

  it("reports decoding and compression failures in Swedish", async () => {
    const unreadable = steps({ decode: async () => Promise.reject(new ImageProcessingError(imageText.couldNotReadImage)) });
    await expect(processImageFile(fakeFile("trasig.jpg", "image/jpeg", 2 * MB), () => {}, unreadable)).rejects.toThrow(
      imageText.couldNotReadImage,
    );
    const failing = steps({ encode: async () => Promise.reject(new ImageProcessingError(imageText.compressionFailed)) });
    await expect(processImageFile(fakeFile("bild.jpg", "image/jpeg", 2 * MB), () => {}, failing)).rejects.toThrow(
      imageText.compressionFailed,
    );
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
