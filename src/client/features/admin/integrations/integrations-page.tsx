import { Spinner } from "@/client/components/ui/spinner";
import { AdminPage } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { useDocumentTitle } from "../lib/use-document-title";
import { useIntegrationsStatus } from "./api/integrations";
import { EmailCard } from "./components/email-card";
import { FeedsCard } from "./components/feeds-card";
import { GoogleCard } from "./components/google-card";
import { OutboxCard } from "./components/outbox-card";
import { integrationsPageText as text } from "./text";

/** /admin/integrations (SPEC §2 Integrations; DECISIONS 12, 14): real status, nothing static. */
export default function IntegrationsPage() {
  useDocumentTitle(text.title);
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
