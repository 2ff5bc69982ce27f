import { Button } from "@/client/components/ui/button";
import { protocolUiText as text } from "../text";

/**
 * Save as a draft, or finish. Finishing waits for the technician's signature (the protocol is sent to
 * the customer signed by the technician), and the hint below says so while it is missing.
 */
export function ProtocolFormActions({
  saving,
  signedByTechnician,
  hintId,
  onSaveDraft,
  onFinish,
}: {
  saving: boolean;
  signedByTechnician: boolean;
  hintId: string;
  onSaveDraft: () => void;
  onFinish: () => void;
}) {
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" disabled={saving} onClick={onSaveDraft}>
          {saving ? text.saving : text.saveDraft}
        </Button>
        <Button disabled={saving || !signedByTechnician} aria-describedby={hintId} onClick={onFinish}>
          {text.finish}
        </Button>
      </div>
      {!signedByTechnician && (
        <p id={hintId} className="text-sm text-slate-700">
          {text.finishHint}
        </p>
      )}
    </>
  );
}
