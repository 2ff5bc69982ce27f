import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { saveProtocolDraft } from "../lib/protocol-draft";
import type { ProtocolFormValues } from "../lib/protocol-form-values";

/** How long the typing rests before the copy is written: photos make it large, so not on every key. */
const DRAFT_DELAY_MS = 400;

/**
 * Keeps a copy of the form on the device while it is edited (issue 10: nothing typed is lost after a
 * reload or a lost connection), written once the typing rests. An untouched form writes none, so an
 * opened protocol does not offer itself back as a "restored" copy.
 */
export function useDraftCopyOnDevice(form: UseFormReturn<ProtocolFormValues>, id: number | null, values: ProtocolFormValues) {
  const timer = useRef<number | null>(null);
  useEffect(() => {
    if (!form.formState.isDirty) return;
    if (timer.current) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => saveProtocolDraft(id, form.getValues()), DRAFT_DELAY_MS);
    return () => {
      if (timer.current) window.clearTimeout(timer.current);
    };
  }, [values, id, form]);
}
