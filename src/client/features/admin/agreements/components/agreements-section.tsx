import { Plus } from "lucide-react";
import { useId } from "react";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { formatOre } from "@/common/invoicing/money";
import { useAgreementsOf } from "../api/get-agreements";
import { nextVisitText } from "../lib/display";
import { agreementsText } from "../text";
import { AgreementStatusBadge } from "./agreement-status-badge";

const text = agreementsText.section;

/**
 * 'Serviceavtal' on the customer's dialog (every agreement of the customer) or the product's (the
 * agreements of that product): each a link to its page, and 'Nytt avtal' with the customer (and the
 * product) filled in. The admin shell mounts it into those screens (src/client/app), which do not
 * know this feature.
 */
export function AgreementsSection({ customerId, productId }: { customerId: number; productId?: number }) {
  const headingId = useId();
  const list = useAgreementsOf(productId === undefined ? { customerId } : { productId });
  const createParams = new URLSearchParams({ customerId: String(customerId) });
  if (productId !== undefined) createParams.set("productId", String(productId));

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {text.heading}
      </h3>
      {list.isPending ? (
        <Spinner label={text.loading} className="py-2" />
      ) : list.isError ? (
        <p className="text-red-700">{text.loadFailed}</p>
      ) : list.data.agreements.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul className="grid gap-2">
          {list.data.agreements.map((agreement) => {
            const next = nextVisitText(agreement.nextVisitMonth);
            return (
              <li key={agreement.id} className="grid gap-1 rounded-md border border-slate-200 p-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/agreements/${agreement.id}`} className="break-words font-medium text-brand-700 underline">
                    {agreementsText.title(agreement.id)}: {productId === undefined ? agreement.productLabel : agreement.customerName}
                  </Link>
                  <AgreementStatusBadge status={agreement.status} />
                </div>
                <p>
                  {agreementsText.perYear(formatOre(agreement.yearlyPriceOre))}
                  {next && ` · ${text.nextVisit(next)}`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <Link to={`/admin/agreements/new?${createParams}`} className={buttonVariants({ variant: "outline", size: "sm", className: "justify-self-start" })}>
        <Plus aria-hidden="true" />
        {text.create}
      </Link>
    </section>
  );
}
