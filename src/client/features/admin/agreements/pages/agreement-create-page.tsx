import { useState } from "react";
import { useSearchParams } from "react-router";
import { BackLink } from "@/client/components/back-link";
import { Spinner } from "@/client/components/ui/spinner";
import { parseId } from "@/client/lib/parse-id";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { todayIn } from "@/common/booking-rules";
import { LoadFailed } from "../../components/load-failed";
import { useCustomer } from "../api/get-customer";
import { AgreementForm } from "../components/agreement-form";
import { emptyAgreementValues } from "../lib/agreement-form";
import { agreementsText } from "../text";

const text = agreementsText.form;

/**
 * /admin/agreements/new[?customerId=N[&productId=M]] (issue 26): a new agreement, the customer (and
 * product) pre-filled when it is started from the customer's or the product's dialog.
 */
export default function AgreementCreatePage() {
  useDocumentTitle(text.heading);
  const [searchParams] = useSearchParams();
  const customerId = parseId(searchParams.get("customerId") ?? undefined);
  const productId = parseId(searchParams.get("productId") ?? undefined);
  const [today] = useState(() => todayIn(new Date()));
  const customer = useCustomer(customerId);

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/admin/agreements">{agreementsText.backToList}</BackLink>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.heading}</h1>
          <p className="mt-1 text-slate-700">{text.intro}</p>
        </div>
      </div>
      {customerId === null ? (
        <AgreementForm initial={emptyAgreementValues(today, { customerId: null, productId: null })} initialCustomer={null} />
      ) : customer.isError ? (
        <LoadFailed message={text.customerLoadFailed} retryLabel={agreementsText.retry} onRetry={() => void customer.refetch()} />
      ) : customer.isPending ? (
        <Spinner label={text.customerLoading} />
      ) : (
        <AgreementForm
          initial={emptyAgreementValues(today, {
            customerId,
            // Only a product of this customer is pre-chosen.
            productId: customer.data.products.some((product) => product.id === productId) ? productId : null,
          })}
          initialCustomer={customer.data.customer}
        />
      )}
    </div>
  );
}
