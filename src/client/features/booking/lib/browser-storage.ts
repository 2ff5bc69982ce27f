import type { DraftStorage } from "./draft-storage";

/** window.localStorage, or undefined where the browser refuses it (some private modes throw). */
export function browserStorage(): DraftStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
