// The client-side image entry of rules §3 and its progress steps (rules §4 Image entries). Kept apart
// from image-processing.ts, which is only downloaded when the customer picks a file.

export type ImageStatus = "loading" | "success" | "error";

export type ImageEntry = {
  id: string;
  dataUrl?: string;
  name: string;
  size: number;
  status: ImageStatus;
  error?: string;
  /** 10, 30, 60 while loading; 100 when done. */
  progress: number;
};

export const IMAGE_PROGRESS = { queued: 10, read: 30, processed: 60, done: 100 } as const;
