import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as toastModule from "@/client/components/ui/toast-store";
import { remainingImageSlots, useImageEntries } from "./use-image-entries";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  // happy-dom decodes no images: the browser's decoder says yes to anything that gets this far.
  vi.stubGlobal("createImageBitmap", async () => ({ width: 1, height: 1, close: () => {} }));
});

const PNG_1PX = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const png = (name: string) => new File([PNG_1PX], name, { type: "image/png" });

describe("useImageEntries", () => {
  it("takes at most four images, ignores the extras with 'Max antal bilder uppnått (4)'", async () => {
    const toast = vi.spyOn(toastModule, "toast");
    const { result } = renderHook(() => useImageEntries());
    act(() => result.current.addFiles(["a", "b", "c", "d", "e"].map((n) => png(`${n}.png`))));
    expect(result.current.entries.map((e) => e.name)).toEqual(["a.png", "b.png", "c.png", "d.png"]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Max antal bilder uppnått (4)" }));
    expect(result.current.processing).toBe(true);
    await waitFor(() => expect(result.current.processing).toBe(false));
    expect(result.current.entries.every((e) => e.status === "success" && e.progress === 100)).toBe(true);
    expect(result.current.dataUrls).toHaveLength(4);
    expect(result.current.remaining).toBe(0);

    act(() => result.current.remove(result.current.entries[0].id));
    expect(result.current.remaining).toBe(1);
    expect(result.current.dataUrls).toHaveLength(3);
  });

  it("keeps failed images in the list with their message, outside the form and the limit", async () => {
    const { result } = renderHook(() => useImageEntries());
    act(() => result.current.addFiles([new File(["x"], "anteckning.txt", { type: "text/plain" }), png("ok.png")]));
    await waitFor(() => expect(result.current.processing).toBe(false));
    const [bad, good] = result.current.entries;
    expect(bad).toMatchObject({ status: "error", progress: 100, error: "Filtypen text/plain stöds inte. Använd JPG, PNG, GIF eller WebP." });
    expect(good.status).toBe("success");
    expect(result.current.dataUrls).toEqual([good.dataUrl]);
    expect(remainingImageSlots(result.current.entries)).toBe(3);
  });

  it("marks a text file renamed .jpg as an error with its name, never 'Klar', and keeps it out of the form", async () => {
    const { result } = renderHook(() => useImageEntries());
    act(() => result.current.addFiles([new File(["inte en bild"], "kvitto.jpg", { type: "image/jpeg" })]));
    await waitFor(() => expect(result.current.processing).toBe(false));
    expect(result.current.entries[0]).toMatchObject({
      status: "error",
      error: "Kunde inte läsa bilden ”kvitto.jpg”. Filen är skadad eller är ingen bild.",
    });
    expect(result.current.dataUrls).toEqual([]);
  });
});
