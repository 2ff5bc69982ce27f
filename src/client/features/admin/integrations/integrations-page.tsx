import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { Spinner } from "@/client/components/ui/spinner";
import { AdminPage } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { useDocumentTitle } from "../lib/use-document-title";
import { useIntegrationsStatus } from "./api/integrations";
import { EmailCard } from "./components/email-card";
import { FeedsCard } from "./components/feeds-card";
import { GoogleCard, announceGoogleResult } from "./components/google-card";
import { OutboxCard } from "./components/outbox-card";
import { GOOGLE_RESULT_MESSAGE, isGoogleResult } from "./google-result";
import { integrationsPageText as text } from "./text";

/**
 * Where Google's redirect lands (?google=connected|failed). Inside the authorization popup it tells
 * the window that opened it and closes; opened on its own (popups blocked) it says it itself.
 */
function useGoogleRedirectResult() {
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get("google");
  useEffect(() => {
    if (!isGoogleResult(result)) return;
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      opener.postMessage({ type: GOOGLE_RESULT_MESSAGE, result }, window.location.origin);
      window.close();
      return;
    }
    announceGoogleResult(result);
    setSearchParams({}, { replace: true });
  }, [result, setSearchParams]);
}

/** /admin/integrations (SPEC §2 Integrations; DECISIONS 12, 14): real status, nothing static. */
export default function IntegrationsPage() {
  useDocumentTitle(text.title);
  useGoogleRedirectResult();
  const status = useIntegrationsStatus();
  return (
    <AdminPage back={{ to: "/admin?tab=settings", label: text.back }} title={text.title} intro={text.intro} width="max-w-4xl">
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <EmailCard email={status.data.email} />
          <FeedsCard />
          <GoogleCard google={status.data.google} />
        </>
      )}
      <OutboxCard />
    </AdminPage>
  );
}
