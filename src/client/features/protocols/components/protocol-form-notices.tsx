import { Button } from "@/client/components/ui/button";
import { formatListDateTime } from "@/common/format";
import { protocolUiText as text } from "../text";

// The two notices at the top of the protocol form: the technician sees first what the form holds
// (a copy from the device) and whether a save is still waiting for the network (issue 10).

/** The form opened on the copy kept on the device, written at `savedAt`; it can be thrown away. */
export function DraftRestoredNotice({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900 sm:flex-row sm:items-center">
      <p className="flex-1">{text.draftRestored(formatListDateTime(savedAt))}</p>
      <Button variant="outline" size="sm" onClick={onDiscard}>
        {text.discardDraft}
      </Button>
    </div>
  );
}

/** A save found no network and is sent again by itself when the connection returns. */
export function OfflineNotice() {
  return (
    <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
      {text.offline}
    </p>
  );
}
