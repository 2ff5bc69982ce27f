import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { errorMessage, isApiError } from "@/client/lib/api-error";
import { useSaveProtocol, useSendForSigning } from "../api/protocols";
import { useArrivedNotice, type NoticeState, type ProtocolNotice } from "../components/protocol-notice";
import { clearProtocolDraft } from "../lib/protocol-draft";
import { toInput, type ProtocolFormValues } from "../lib/protocol-form-values";
import { protocolUiText as text } from "../text";
import { useResendWhenOnline } from "./use-resend-when-online";

export type SaveAction = "draft" | "finish";

/**
 * Saving the form as a draft, or finishing it (saved, then sent to the customer for signing), in one
 * place, because each outcome leads somewhere different: a save lands on the protocol's page with its
 * message (rules §8), a refusal stands on the form, and no network at all waits for the connection
 * and saves again by itself (issue 10). The device's copy is dropped once the server has the protocol.
 */
export function useProtocolSave(form: UseFormReturn<ProtocolFormValues>, id: number | null) {
  const navigate = useNavigate();
  const save = useSaveProtocol();
  const send = useSendForSigning();
  const [notice, setNotice] = useArrivedNotice();
  // A save that failed for lack of network waits here and is sent again when the connection returns.
  const [offline, setOffline] = useState<SaveAction | null>(null);

  const submit = (action: SaveAction) =>
    form.handleSubmit((valid) =>
      save.mutate(
        { id, body: toInput(valid, action, id === null) },
        {
          onSuccess: async (saved) => {
            clearProtocolDraft(id);
            let outcome: ProtocolNotice;
            if (action === "draft") outcome = { kind: "success", text: text.savedDraft };
            else if (saved.status === "fully-signed") outcome = { kind: "success", text: text.finished };
            else {
              try {
                await send.mutateAsync({ id: saved.id });
                outcome = { kind: "success", text: text.sentForSigning };
              } catch (error) {
                outcome = { kind: "error", text: text.emailFailed(errorMessage(error, text.saveFailed)) };
              }
            }
            // rules §8: the message stands inline on the page the technician lands on; issue 23: only
            // there, not in a toast saying the same.
            navigate(action === "draft" ? `/technician/protocols/${saved.id}/edit` : `/technician/protocols/${saved.id}`, {
              replace: id === null,
              state: { protocolNotice: outcome } satisfies NoticeState,
            });
          },
          onError: (error) => {
            if (!isApiError(error)) return setOffline(action); // no answer at all: the network
            const title = action === "draft" ? text.saveFailed : text.finishFailed;
            setNotice({ kind: "error", text: [title, errorMessage(error, "")].filter(Boolean).join(": ") });
          },
        },
      ),
    )();

  useResendWhenOnline(offline, (action) => {
    setOffline(null);
    void submit(action);
  });

  return { submit, notice, saving: save.isPending, waitingForConnection: Boolean(offline || save.isPaused) };
}
