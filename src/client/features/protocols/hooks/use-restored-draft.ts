import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { clearProtocolDraft } from "../lib/protocol-draft";
import type { ProtocolFormValues } from "../lib/protocol-form-values";

/**
 * When the form opened on the device's copy instead of the saved protocol, says when that copy was
 * written (null otherwise), so the technician knows what is on the screen. Discarding removes the
 * copy from the device, puts back what the form would have opened on without it (`withoutCopy`: the
 * saved protocol, or a new one's starting values) and hides the notice.
 */
export function useRestoredDraft(form: UseFormReturn<ProtocolFormValues>, id: number | null, withoutCopy: ProtocolFormValues, restoredAt: string | null) {
  const [restored, setRestored] = useState(restoredAt);
  const discard = () => {
    clearProtocolDraft(id);
    form.reset(withoutCopy);
    setRestored(null);
  };
  return { restoredAt: restored, discard };
}
