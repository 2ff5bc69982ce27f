import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Protocol } from "@/common/schemas/protocols";
import { getCompanyDefaults, getVisitForProtocol } from "../api/protocols";
import { loadProtocolDraft } from "../lib/protocol-draft";
import { emptyValues, fromProtocol, type ProtocolFormValues } from "../lib/protocol-form-values";

export type InitialProtocolValues = { values: ProtocolFormValues; restoredAt: string | null };

/** Prefill from a booking (`?bookingId=`): the customer and the address (rules §2). */
async function fromBooking(bookingId: number): Promise<Partial<ProtocolFormValues>> {
  const visit = await getVisitForProtocol(bookingId);
  return {
    bookingId,
    customerName: visit.contact.name,
    customerEmail: visit.contact.email,
    customerPhone: visit.contact.phone,
    installationAddress: `${visit.contact.address}, ${visit.contact.postalCode} ${visit.contact.city}`,
    installedModel: visit.product?.model ?? visit.booking.heatpumpModel ?? "",
    installedBrand: visit.product?.brand ?? "",
  };
}

/**
 * What the form starts from, decided once (null until then), so the form is built with its values
 * instead of being reset under the technician's fingers. A copy kept on the device wins over the
 * server's (issue 10: nothing typed is lost) and says when it was written; an edited protocol
 * otherwise starts from the server; a new one from the company's details and, from a visit, its customer.
 */
export function useInitialProtocolValues(editing: boolean, id: number | null, protocol: Protocol | undefined): InitialProtocolValues | null {
  const [searchParams] = useSearchParams();
  const [initial, setInitial] = useState<InitialProtocolValues | null>(null);

  useEffect(() => {
    if (initial || (editing && !protocol)) return;
    const server = editing && protocol ? fromProtocol(protocol) : emptyValues();
    const draft = loadProtocolDraft<ProtocolFormValues>(editing ? id : null);
    if (draft) return setInitial({ values: { ...server, ...draft.values }, restoredAt: draft.savedAt });
    if (editing) return setInitial({ values: server, restoredAt: null });
    // A new protocol starts with the company's details from the settings and, from a visit, its customer.
    const bookingId = Number(searchParams.get("bookingId"));
    const fromVisit = Number.isInteger(bookingId) && bookingId > 0 ? fromBooking(bookingId).catch(() => ({})) : Promise.resolve({});
    const company = getCompanyDefaults().catch(() => ({}));
    void Promise.all([company, fromVisit]).then(([own, visit]) => setInitial({ values: { ...server, ...own, ...visit }, restoredAt: null }));
  }, [editing, id, initial, protocol, searchParams]);

  return initial;
}
