import { LoaderCircle, UserCheck, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import type { CustomerSuggestion } from "@/common/schemas/admin-bookings";
import { useCustomerSearch } from "../lib/api/search-customers";

const SEARCH_DEBOUNCE_MS = 250;

/** The picker's Swedish texts: each admin screen passes its own (the hint and the clear button say what picking does there). */
export type CustomerPickerText = {
  customerSearchLabel: string;
  customerSearchHint: string;
  customerSearchPlaceholder: string;
  customerSearching: string;
  customerSearchFailed: string;
  customerNoMatches: string;
  customerResults: string;
  pickCustomer: string;
  pickedCustomer: string;
  pickedCustomerHint: string;
  clearCustomer: string;
};

/** A picked customer as the summary shows it (an invoice's copy of the customer has no phone). */
export type PickedCustomer = Omit<CustomerSuggestion, "phone"> & { phone?: string };

/**
 * Picks an existing customer (issue 14: "picked by search instead of retyped"; a phone booking, an
 * invoice): a search field with the matching customers as buttons below it. Once one is picked the
 * search gives way to a summary with a button that clears the choice.
 */
export function CustomerPicker({
  idPrefix,
  picked,
  onPick,
  onClear,
  text,
}: {
  idPrefix: string;
  picked: PickedCustomer | null;
  onPick: (customer: CustomerSuggestion) => void;
  onClear: () => void;
  text: CustomerPickerText;
}) {
  const [term, setTerm] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useCustomerSearch(picked ? "" : debounced);
  const searchId = `${idPrefix}-customer-search`;
  const resultsId = `${idPrefix}-customer-results`;

  if (picked) {
    return (
      <div className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4" role="group" aria-labelledby={`${idPrefix}-picked-heading`}>
        <div className="flex items-start gap-3">
          <UserCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="grid gap-0.5 text-sm">
            <p id={`${idPrefix}-picked-heading`} className="font-semibold text-slate-900">
              {text.pickedCustomer}: {picked.name}
            </p>
            <p className="text-slate-800">{[picked.email, picked.phone].filter(Boolean).join(" · ")}</p>
            <p className="text-slate-800">
              {picked.address}, {picked.postalCode} {picked.city}
            </p>
            <p className="mt-1 text-slate-700">{text.pickedCustomerHint}</p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            setTerm("");
            setDebounced("");
            onClear();
          }}
        >
          <UserPlus aria-hidden="true" />
          {text.clearCustomer}
        </Button>
      </div>
    );
  }

  const results = debounced ? search.data : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={searchId}>{text.customerSearchLabel}</Label>
      <p id={`${searchId}-hint`} className="text-sm text-slate-600">
        {text.customerSearchHint}
      </p>
      <Input
        id={searchId}
        type="search"
        autoComplete="off"
        maxLength={100}
        placeholder={text.customerSearchPlaceholder}
        aria-describedby={`${searchId}-hint`}
        aria-controls={resultsId}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={(event) => {
          // Enter inside the search must not send the surrounding form.
          if (event.key === "Enter") event.preventDefault();
        }}
      />
      <div id={resultsId} aria-live="polite" className="grid gap-2">
        {debounced && search.isFetching && !results && (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {text.customerSearching}
          </p>
        )}
        {debounced && search.isError && <p className="text-sm font-medium text-red-700">{text.customerSearchFailed}</p>}
        {results && results.length === 0 && <p className="text-sm text-slate-700">{text.customerNoMatches}</p>}
        {results && results.length > 0 && (
          <ul aria-label={text.customerResults} className="grid gap-2">
            {results.map((customer) => (
              <li key={customer.id}>
                <button
                  type="button"
                  onClick={() => onPick(customer)}
                  className="grid w-full gap-0.5 rounded-lg border border-slate-300 bg-white p-3 text-left text-sm hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  <span className="font-semibold text-slate-900">
                    <span className="sr-only">{text.pickCustomer} </span>
                    {customer.name}
                  </span>
                  <span className="text-slate-700">
                    {customer.email} · {customer.phone}
                  </span>
                  <span className="text-slate-700">
                    {customer.address}, {customer.postalCode} {customer.city}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
