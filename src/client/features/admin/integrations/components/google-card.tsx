import { useQueryClient } from "@tanstack/react-query";
import { Link2, Unlink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { GOOGLE_RESULT_CHANNEL, type GoogleResult, type IntegrationsStatus } from "@/common/schemas/integrations";
import { formatListDateTime } from "@/common/format";
import { googleAuthUrl, refreshIntegrations, useDisconnectGoogle } from "../api/integrations";
import { integrationsPageText } from "../text";
import { StatusCard } from "./status-card";

const text = integrationsPageText.google;
/** rules §4: the waiting indicator shows up to 30 s; the listener is removed after 5 minutes. */
const WAIT_MS = 30_000;
const LISTEN_MS = 5 * 60_000;

function announceGoogleResult(result: GoogleResult) {
  if (result === "connected") toast({ title: text.connectedToast });
  else toast({ variant: "destructive", title: text.connectFailedTitle, description: text.connectFailed });
}

/**
 * The authorization popup (rules §4): a 600×600 window opened on the click (so no popup blocker
 * stops it), sent to Google's consent page once the server has made the URL; the page Google sends
 * it back to (server: google-callback-page.ts) posts the result here, from our origin only, and
 * closes. The same message also comes over a BroadcastChannel, in case the browser cut the popup
 * off from its opener; whichever arrives first ends the wait.
 */
function useGooglePopup(onResult: (result: GoogleResult) => void) {
  const [waiting, setWaiting] = useState(false);
  const cleanup = useRef<() => void>(() => {});
  useEffect(() => () => cleanup.current(), []);

  async function connect() {
    cleanup.current();
    const popup = window.open("", "google-calendar", "popup,width=600,height=600");
    let authUrl: string;
    try {
      ({ authUrl } = await googleAuthUrl());
    } catch (error) {
      popup?.close();
      toast({ variant: "destructive", title: text.startFailedTitle, description: errorMessage(error, text.startFailed) });
      return;
    }
    if (!popup) {
      toast({ variant: "destructive", title: text.connectFailedTitle, description: text.popupBlocked });
      return;
    }
    popup.location.href = authUrl;
    setWaiting(true);
    const receive = (data: unknown) => {
      const message = data as { type?: unknown; result?: unknown } | null;
      if (message?.type !== GOOGLE_RESULT_CHANNEL) return;
      cleanup.current();
      onResult(message.result === "connected" ? "connected" : "failed");
    };
    const listener = (event: MessageEvent) => {
      if (event.origin === window.location.origin) receive(event.data);
    };
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(GOOGLE_RESULT_CHANNEL) : null;
    if (channel) channel.onmessage = (event: MessageEvent) => receive(event.data);
    const stopListening = () => {
      window.removeEventListener("message", listener);
      channel?.close();
    };
    window.addEventListener("message", listener);
    const waitTimer = window.setTimeout(() => setWaiting(false), WAIT_MS);
    const listenTimer = window.setTimeout(stopListening, LISTEN_MS);
    cleanup.current = () => {
      stopListening();
      window.clearTimeout(waitTimer);
      window.clearTimeout(listenTimer);
      setWaiting(false);
      cleanup.current = () => {};
    };
  }

  return { connect, waiting };
}

/** Google Calendar (rules D12): 'Ansluten' only when tokens are stored and Google answers with them. */
export function GoogleCard({ google }: { google: IntegrationsStatus["google"] }) {
  const queryClient = useQueryClient();
  const disconnect = useDisconnectGoogle();
  const { connect, waiting } = useGooglePopup((result) => {
    announceGoogleResult(result);
    void refreshIntegrations(queryClient);
  });
  const status = !google.configured
    ? integrationsPageText.notConfigured
    : google.connected
      ? integrationsPageText.connected
      : integrationsPageText.notConnected;

  return (
    <StatusCard id="integration-google" title={text.title} status={status} ok={google.connected}>
      {!google.configured && <p className="text-sm text-slate-700">{text.notConfiguredText}</p>}
      {google.configured && !google.connected && <p className="text-sm text-slate-700">{google.error ?? text.notConnectedText}</p>}
      {google.connected && (
        <div className="grid gap-2 text-sm text-slate-700">
          {google.connectedAt && <p>{text.connectedText(formatListDateTime(google.connectedAt))}</p>}
          <h3 className="font-medium text-slate-900">{text.calendars}</h3>
          <ul className="list-disc pl-5">
            {google.calendars.map((calendar) => (
              <li key={calendar.id}>
                {calendar.summary} {calendar.primary && <span className="text-slate-600">{text.primary}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {google.connected ? (
          <Button
            variant="outline"
            disabled={disconnect.isPending}
            onClick={() => disconnect.mutate(undefined, { onSuccess: () => toast({ title: text.disconnected }) })}
          >
            <Unlink aria-hidden="true" />
            {text.disconnect}
          </Button>
        ) : (
          <Button onClick={() => void connect()} disabled={waiting}>
            <Link2 aria-hidden="true" />
            {waiting ? text.waiting : text.connect}
          </Button>
        )}
        {waiting && (
          <p role="status" className="text-sm text-slate-700">
            {text.waiting}
          </p>
        )}
      </div>
    </StatusCard>
  );
}
