import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as toastModule from "@/client/components/ui/toast-store";
import { remainingImageSlots, useImageEntries } from "./use-image-entries";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: "image/png" });

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
});
