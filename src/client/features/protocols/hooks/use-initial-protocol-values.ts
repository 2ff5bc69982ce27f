import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Protocol } from "@/common/schemas/protocols";
import { getCompanyDefaults, getVisitForProtocol } from "../api/protocols";
import { loadProtocolDraft } from "../lib/protocol-draft";
import { emptyValues, fromProtocol, type ProtocolFormValues } from "../lib/protocol-form-values";

/**
 * `values` the form opens on; `withoutCopy` the same without the copy kept on the device (what
 * 'Kasta utkastet' returns to); `restoredAt` when that copy was written, if the form opens on one.
 */
export type InitialProtocolValues = { values: ProtocolFormValues; withoutCopy: ProtocolFormValues; restoredAt: string | null };

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

/** What a protocol starts from without a copy on the device: the server's, or for a new one the company's details and, from a visit, its customer. */
async function startingValues(protocol: Protocol | undefined, bookingIdParam: string | null): Promise<ProtocolFormValues> {
  if (protocol) return fromProtocol(protocol);
  const bookingId = Number(bookingIdParam);
  const fromVisit = Number.isInteger(bookingId) && bookingId > 0 ? fromBooking(bookingId).catch(() => ({})) : Promise.resolve({});
  const company = getCompanyDefaults().catch(() => ({}));
  const [own, visit] = await Promise.all([company, fromVisit]);
  return { ...emptyValues(), ...own, ...visit };
}

/**
 * What the form starts from, decided once (null until then), so the form is built with its values
 * instead of being reset under the technician's fingers. A copy kept on the device wins over the
 * server's (issue 10: nothing typed is lost) and says when it was written; an edited protocol
 * otherwise starts from the server; a new one from the company's details and, from a visit, its
 * customer. The values without the copy are kept too: throwing the copy away returns to them.
 */
export function useInitialProtocolValues(editing: boolean, id: number | null, protocol: Protocol | undefined): InitialProtocolValues | null {
  const [searchParams] = useSearchParams();
  const bookingIdParam = searchParams.get("bookingId");
  const [initial, setInitial] = useState<InitialProtocolValues | null>(null);

  useEffect(() => {
    if (initial || (editing && !protocol)) return;
    let current = true;
    void startingValues(editing ? protocol : undefined, bookingIdParam).then((withoutCopy) => {
      if (!current) return;
      const draft = loadProtocolDraft<ProtocolFormValues>(editing ? id : null);
      setInitial(
        draft
          ? { values: { ...withoutCopy, ...draft.values }, withoutCopy, restoredAt: draft.savedAt }
          : { values: withoutCopy, withoutCopy, restoredAt: null },
      );
    });
    return () => {
      current = false;
    };
  }, [editing, id, initial, protocol, bookingIdParam]);

  return initial;
}
