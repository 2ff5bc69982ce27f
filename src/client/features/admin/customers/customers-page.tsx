import { Search } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { CUSTOMER_SORTS, isShortCustomerSearch, type CustomerSort, type CustomerSummary } from "@/common/schemas/customers";
import { AdminPage } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useCustomers } from "./api/customers";
import { CreateCustomerDialog } from "./components/create-customer-dialog";
import { CustomerDetailDialog } from "./components/customer-detail-dialog";
import { customersPageText as text } from "./text";

const isSort = (value: string | null): value is CustomerSort => value !== null && (CUSTOMER_SORTS as readonly string[]).includes(value);
/** Typing pauses this long before the register is asked. */
const SEARCH_DELAY_MS = 250;

function CustomerCard({ customer, onOpen }: { customer: CustomerSummary; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-label={text.open(customer.name)}
        className="grid h-full w-full gap-1 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm text-slate-700 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span className="font-semibold text-slate-900">{customer.name}</span>
        {customer.anonymized ? (
          <Badge tone="neutral" className="justify-self-start">
            {text.erased}
          </Badge>
        ) : (
          <>
            <span className="break-all">{customer.email}</span>
            <span>{customer.phone}</span>
            <span>
              {customer.address}, {customer.postalCode} {customer.city}
            </span>
          </>
        )}
        <span className="text-xs text-slate-600">
          {text.products(customer.productCount)} · {text.bookings(customer.bookingCount)}
        </span>
      </button>
    </li>
  );
}

/**
 * /admin/customers (rules §2 Customer register; issue 12): search, sort by full, first or last name
 * or city either way, a card grid in pages, detail, create and delete (or GDPR erasure). The search,
 * sort and page live in the URL, so Back and a reload keep them.
 */
export default function CustomersPage({
  agreementsSection,
}: {
  /** The customer's service agreements, from another feature: the admin shell (src/client/app) passes it in. */
  agreementsSection?: (customerId: number) => ReactNode;
} = {}) {
  useDocumentTitle(text.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get("q") ?? "";
  const sortParam = searchParams.get("sort");
  const sort: CustomerSort = isSort(sortParam) ? sortParam : "fullName";
  const dir = searchParams.get("dir") === "desc" ? "desc" : "asc";
  const page = Math.max(1, Number(searchParams.get("page")) || 1);
  const [typed, setTyped] = useState(q);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const customers = useCustomers({ q, sort, dir, page });

  // Typing and sorting replace the address; turning a page adds to the history, so Back turns it back.
  const update = (changes: Record<string, string | null>, { newEntry = false } = {}) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: !newEntry, preventScrollReset: true, state: { keepScroll: true } });
  };
  const results = useRef<HTMLParagraphElement>(null);
  const turnTo = (target: number) => {
    update({ page: target > 1 ? String(target) : null }, { newEntry: true });
    // The new page starts at its count, not where the buttons were at the bottom of the last one.
    results.current?.scrollIntoView({ block: "start" });
  };

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = window.setTimeout(() => update({ q: typed.trim(), page: null }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [typed]);

  const pages = customers.data ? Math.max(1, Math.ceil(customers.data.total / customers.data.pageSize)) : 1;

  return (
    <AdminPage
      back={{ to: "/admin?tab=customers", label: text.back }}
      title={text.title}
      intro={text.intro}
      create={{ label: text.create, onClick: () => setCreating(true) }}
      width="max-w-6xl"
    >
      <div role="search" className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="customer-search">{text.searchLabel}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input
              id="customer-search"
              type="search"
              className="pl-9"
              placeholder={text.searchPlaceholder}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="customer-sort">{text.sortLabel}</Label>
          <Select
            id="customer-sort"
            value={sort}
            onChange={(event) => update({ sort: event.target.value === "fullName" ? null : event.target.value, page: null })}
          >
            {CUSTOMER_SORTS.map((value) => (
              <option key={value} value={value}>
                {text.sorts[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="customer-dir">{text.directionLabel}</Label>
          <Select id="customer-dir" value={dir} onChange={(event) => update({ dir: event.target.value === "asc" ? null : event.target.value, page: null })}>
            <option value="asc">{text.direction.asc}</option>
            <option value="desc">{text.direction.desc}</option>
          </Select>
        </div>
      </div>

      {customers.isPending ? (
        <Spinner />
      ) : customers.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void customers.refetch()} />
      ) : (
        <>
          <p ref={results} role="status" className="scroll-mt-4 text-sm text-slate-700">
            {customers.data.suggestion && <span className="block">{text.suggestion(customers.data.suggestion)}</span>}
            {isShortCustomerSearch(q) && <span className="block">{text.shortSearch}</span>}
            {text.count(customers.data.total)}
          </p>
          {customers.data.items.length === 0 ? (
            <p className="text-slate-700">{q ? text.empty : text.emptyRegister}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={customers.isPlaceholderData}>
              {customers.data.items.map((customer) => (
                <CustomerCard key={customer.id} customer={customer} onOpen={() => setOpenId(customer.id)} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label={text.pagination} className="flex items-center justify-between gap-2">
              <Button variant="outline" disabled={page <= 1} onClick={() => turnTo(page - 1)}>
                {text.previous}
              </Button>
              <span className="text-sm text-slate-700">{text.pageOf(page, pages)}</span>
              <Button variant="outline" disabled={page >= pages} onClick={() => turnTo(page + 1)}>
                {text.next}
              </Button>
            </nav>
          )}
        </>
      )}
      <CreateCustomerDialog open={creating} onOpenChange={setCreating} />
      <CustomerDetailDialog id={openId} onClose={() => setOpenId(null)} agreementsSection={agreementsSection} />
    </AdminPage>
  );
}
