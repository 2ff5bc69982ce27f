import { useCallback, useMemo, useState } from "react";
import { toast } from "@/client/components/ui/toast-store";
import { imageText, MAX_IMAGES } from "@/common/image-rules";
import { IMAGE_PROGRESS, type ImageEntry } from "../lib/image-entry";

/** Reading and compressing images is downloaded when the first file is picked, not with the page. */
async function processFile(file: File, onProgress: (progress: number) => void): Promise<string> {
  const { processImageFile } = await import("../lib/image-processing");
  return processImageFile(file, onProgress);
}

async function errorMessageFor(error: unknown): Promise<string> {
  try {
    return (await import("../lib/image-processing")).imageErrorMessage(error);
  } catch {
    return imageText.genericError; // the module itself could not be downloaded
  }
}

let nextId = 0;

/** How many more files may be added: failed entries do not take one of the four places. */
export function remainingImageSlots(entries: readonly ImageEntry[]): number {
  return Math.max(0, MAX_IMAGES - entries.filter((e) => e.status !== "error").length);
}

/**
 * The image entries of step 1 (rules §3, §4): each picked file becomes an entry that moves from
 * loading (10, 30, 60) to success or error (100). Lives in the wizard, so the entries survive
 * moving between steps; only successful data URLs go into the form.
 */
export function useImageEntries() {
  const [entries, setEntries] = useState<ImageEntry[]>([]);

  const update = useCallback((id: string, patch: Partial<ImageEntry>) => {
    setEntries((current) => current.map((e) => (e.id === id ? { ...e, ...patch } : e)));
  }, []);

  const addFiles = useCallback(
    (picked: readonly File[]) => {
      if (picked.length === 0) return;
      // rules §5: files beyond the remaining places are ignored, with 'Max antal bilder uppnått (4)'.
      const accepted = picked.slice(0, remainingImageSlots(entries));
      if (accepted.length < picked.length) toast({ variant: "destructive", title: imageText.maxImagesReached });
      const added: ImageEntry[] = accepted.map((file) => ({
        id: `image-${++nextId}`,
        name: file.name,
        size: file.size,
        status: "loading",
        progress: IMAGE_PROGRESS.queued,
      }));
      setEntries((current) => [...current, ...added]);
      added.forEach((entry, i) => {
        processFile(accepted[i], (progress) => update(entry.id, { progress }))
          .then((dataUrl) => update(entry.id, { status: "success", dataUrl, progress: IMAGE_PROGRESS.done }))
          .catch(async (error: unknown) => update(entry.id, { status: "error", error: await errorMessageFor(error), progress: IMAGE_PROGRESS.done }));
      });
    },
    [entries, update],
  );

  const remove = useCallback((id: string) => setEntries((current) => current.filter((e) => e.id !== id)), []);

  const dataUrls = useMemo(() => entries.filter((e) => e.status === "success" && e.dataUrl).map((e) => e.dataUrl as string), [entries]);

  return {
    entries,
    addFiles,
    remove,
    /** Successful images only, in the order they were added (rules §5). */
    dataUrls,
    processing: entries.some((e) => e.status === "loading"),
    remaining: remainingImageSlots(entries),
  };
}

export type ImageEntries = ReturnType<typeof useImageEntries>;
