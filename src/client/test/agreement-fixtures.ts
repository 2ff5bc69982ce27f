// Service agreements as the API answers them, for the component tests of the agreement screens (issue 26). Not shipped.
import type { Agreement, AgreementList, CustomerAgreement } from "@/common/schemas/agreements";

/** An active agreement for Lars Andersson's heat pump: 2 400 kr a year, one visit in May, auto-renewing. */
export function agreementFixture(overrides: Partial<Agreement> = {}): Agreement {
  return {
    id: 12,
    customerId: 4,
    customerName: "Lars Andersson",
    productId: 7,
    productLabel: "Nibe F2120 (SN 12345)",
    startDate: "2026-12-01",
    endsOn: null,
    yearlyPriceOre: 240_000,
    visitsPerYear: 1,
    visitMonth: 5,
    repairDiscountPercent: 10,
    autoRenew: true,
    status: "active",
    acceptedAt: "2026-11-26T13:05:00.000Z",
    acceptedFrom: "192.0.2.15",
    pausedAt: null,
    nextVisitMonth: "2027-05",
    createdAt: "2026-11-25T09:00:00.000Z",
    customerUrl: "http://localhost:3000/avtal/AbCdEfGhIjKlMnOpQrStUvWxYz012345",
    events: [
      { at: "2026-11-25T09:00:00.000Z", kind: "created", by: "Anna Administratör", note: null },
      { at: "2026-11-25T09:00:05.000Z", kind: "sent", by: "Anna Administratör", note: null },
      { at: "2026-11-26T13:05:00.000Z", kind: "accepted", by: "Kunden", note: null },
    ],
    ...overrides,
  };
}

/** An agreement as the list shows it (no events, no acceptance address). */
export function listItemFixture(overrides: Partial<Agreement> = {}): AgreementList["agreements"][number] {
  const { events: _events, acceptedFrom: _acceptedFrom, customerUrl: _customerUrl, ...item } = agreementFixture(overrides);
  return item;
}

/** The customer's view of a pending agreement: the same terms, and the company to ask. */
export function customerAgreementFixture(overrides: Partial<CustomerAgreement> = {}): CustomerAgreement {
  return {
    customerName: "Lars Andersson",
    productLabel: "Nibe F2120 (SN 12345)",
    startDate: "2026-12-01",
    endsOn: null,
    yearlyPriceOre: 240_000,
    visitsPerYear: 1,
    visitMonth: 5,
    repairDiscountPercent: 10,
    autoRenew: true,
    status: "pending",
    acceptedAt: null,
    company: { name: "Värmepumpsservice i Sverige AB", phone: "08-123 456 70", email: "info@varmepumpsservice.se" },
    ...overrides,
  };
}
