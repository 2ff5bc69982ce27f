import { Spinner } from "@/client/components/ui/spinner";
import { AdminPage } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useBackups } from "./api/backups";
import { useIntegrationsStatus } from "./api/integrations";
import { BackupsCard } from "./components/backups-card";
import { EmailCard } from "./components/email-card";
import { FeedsCard } from "./components/feeds-card";
import { GoogleCard } from "./components/google-card";
import { HeldEmailsNotice } from "./components/held-emails-notice";
import { OutboxCard } from "./components/outbox-card";
import { integrationsPageText as text } from "./text";

/** /admin/integrations (rules §2 Integrations; rules D12, D14): real status, nothing static. */
export default function IntegrationsPage() {
  useDocumentTitle(text.title);
  const status = useIntegrationsStatus();
  const backups = useBackups();
  return (
    <AdminPage back={{ to: "/admin?tab=settings", label: text.back }} title={text.title} intro={text.intro} width="max-w-4xl">
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void status.refetch()} />
      ) : (
        <>
          {backups.data && backups.data.heldEmails > 0 && <HeldEmailsNotice count={backups.data.heldEmails} />}
          <EmailCard email={status.data.email} />
          <BackupsCard />
          <FeedsCard />
          <GoogleCard google={status.data.google} />
        </>
      )}
      <OutboxCard />
    </AdminPage>
  );
}
