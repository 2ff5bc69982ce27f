import { useCallback, useEffect, useRef, type RefObject } from "react";
import { browserStorage } from "../lib/browser-storage";
import { saveDraft, type WizardStep } from "../lib/draft-storage";

/** Autosave waits this long after the last change (issue 8: the draft is saved as the customer types). */
export const AUTOSAVE_DELAY_MS = 400;

/**
 * Issue 8: the draft is saved as the customer types (debounced), and at once when the page is left
 * or hidden, so a reload, the Back button or a closed tab keeps what was entered. Images are not saved.
 *
 * `scheduleSave` after a change, `saveNow` for 'Spara utkast' (the saved draft, or null when it
 * could not be saved), `finish` once the booking is made: no autosave may bring the draft back then.
 */
export function useDraftAutosave(getValues: () => Partial<Record<string, unknown>>, stepRef: RefObject<WizardStep>) {
  const autosaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef(false);
  const saveNow = useCallback(() => {
    if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
    autosaveTimer.current = null;
    if (finished.current) return null;
    return saveDraft(browserStorage(), getValues(), stepRef.current, new Date());
  }, [getValues, stepRef]);
  const scheduleSave = useCallback(() => {
    if (finished.current) return;
    if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
    autosaveTimer.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS);
  }, [saveNow]);
  useEffect(() => {
    // Only a change is saved: a page left untouched writes no draft.
    const flush = () => {
      if (autosaveTimer.current) saveNow();
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHidden);
      // Unmounted ('Börja om', a booking made, another page): a save still waiting is dropped, so a
      // cleared draft never comes back.
      if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
    };
  }, [saveNow]);
  const finish = () => {
    finished.current = true;
    if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
  };
  return { saveNow, scheduleSave, finish };
}
