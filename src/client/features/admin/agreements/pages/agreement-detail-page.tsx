import { useState } from "react";
import { useParams } from "react-router";
import { BackLink } from "@/client/components/back-link";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { isApiError } from "@/client/lib/api-error";
import { parseId } from "@/client/lib/parse-id";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { todayIn } from "@/common/booking-rules";
import { LoadFailed } from "../../components/load-failed";
import { useAgreement } from "../api/get-agreement";
import { AgreementView } from "../components/agreement-view";
import { agreementsText } from "../text";

const text = agreementsText.detail;

function NotFound() {
  return (
    <section className="grid justify-items-center gap-3 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">{text.notFound}</h1>
      <p className="text-slate-700">{text.notFoundDescription}</p>
      <Link to="/admin/agreements" className={buttonVariants({ variant: "outline" })}>
        {agreementsText.backToList}
      </Link>
    </section>
  );
}

/** /admin/agreements/{id} (issue 26): the agreement's terms, status, acceptance and history, and the actions of its state. */
export default function AgreementDetailPage() {
  const id = parseId(useParams().id);
  const query = useAgreement(id);
  const [today] = useState(() => todayIn(new Date()));
  const missing = id === null || isApiError(query.error, 404);
  useDocumentTitle(missing ? text.notFound : query.data ? agreementsText.title(query.data.id) : null);

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <BackLink to="/admin/agreements">{agreementsText.backToList}</BackLink>
      {missing ? (
        <NotFound />
      ) : query.isPending ? (
        <Spinner label={text.loading} />
      ) : query.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={agreementsText.retry} onRetry={() => void query.refetch()} />
      ) : (
        <AgreementView agreement={query.data} today={today} />
      )}
    </div>
  );
}
