// Invoices as the API answers them, for the component tests of the invoice screens (issue 25). Not shipped.
import type { CustomerInvoice, Invoice, InvoiceListItem } from "@/common/schemas/invoices";

/** A valid personnummer (Skatteverket's test person): 19121212-1212. */
export const TEST_PERSONAL_NUMBER = "19121212-1212";

const totals = (netOre: number, rotOre = 0): Invoice["totals"] => {
  const vatOre = netOre / 4;
  return {
    netOre,
    vatByRate: [{ rate: 25, netOre, vatOre }],
    vatOre,
    totalOre: netOre + vatOre,
    labourInclVatOre: netOre + vatOre,
    rotOre,
    toPayBeforeRoundingOre: netOre + vatOre - rotOre,
    roundingOre: 0,
    toPayOre: netOre + vatOre - rotOre,
  };
};

/** A sent invoice of 2 500 kr (2 000 kr + 25 % VAT), unpaid, without ROT. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 5,
    kind: "invoice",
    status: "sent",
    overdue: false,
    number: 1001,
    ocr: "100133",
    customerId: 4,
    bookingId: 7,
    creditedInvoice: null,
    creditNote: null,
    customer: { name: "Lars Andersson", address: "Storgatan 12", postalCode: "753 20", city: "Uppsala", email: "lars.andersson@exempel.se" },
    company: {
      name: "Värmepumpsservice i Sverige AB",
      address: "Industrivägen 12, 171 48 Solna",
      orgNumber: "556123-4567",
      vatNumber: "SE556123456701",
      fSkatt: true,
      bankgiro: "123-4567",
      email: "info@varmepumpsservice.se",
      phone: "08-123 456 70",
    },
    issueDate: "2026-11-02",
    dueDate: "2026-12-02",
    workDate: "2026-10-30",
    paymentTermsDays: 30,
    lines: [
      { description: "Service av värmepump", quantity: 1, unit: "st", unitPriceOre: 200_000, vatRate: 25, labour: true, discountPercent: 0, netOre: 200_000 },
    ],
    totals: totals(200_000),
    rot: null,
    payments: [],
    paidOre: 0,
    paidOn: null,
    sentAt: "2026-11-02T09:00:00.000Z",
    reminderSentAt: null,
    customerUrl: "https://boka.example.se/faktura/abcdefghijklmnopqrstuvwxyz012345",
    createdAt: "2026-11-01T09:00:00.000Z",
    ...overrides,
  };
}

/** The same invoice with 30 % ROT (750 kr) for one buyer: 1 750 kr to pay. */
export function rotInvoiceFixture(overrides: Partial<Invoice> = {}, rot: Partial<NonNullable<Invoice["rot"]>> = {}): Invoice {
  return invoiceFixture({
    totals: totals(200_000, 75_000),
    rot: {
      basis: "lines",
      ratePercent: 30,
      buyers: [{ personalNumberMasked: "19121212-****", name: null, sharePercent: 100, rotOre: 75_000 }],
      property: { kind: "house", designation: "Uppsala Kåbo 1:23" },
      workType: "Vvs",
      hours: 4,
      claimedAt: null,
      decidedOn: null,
      approvedOre: null,
      followUpInvoiceId: null,
      ...rot,
    },
    ...overrides,
  });
}

export function listItemFixture(overrides: Partial<InvoiceListItem> = {}): InvoiceListItem {
  return {
    id: 5,
    kind: "invoice",
    status: "sent",
    overdue: false,
    number: 1001,
    customerName: "Lars Andersson",
    issueDate: "2026-11-02",
    dueDate: "2026-12-02",
    toPayOre: 250_000,
    paidOre: 0,
    rot: false,
    ...overrides,
  };
}

/** The customer's copy of invoiceFixture(). */
export function customerInvoiceFixture(overrides: Partial<CustomerInvoice> = {}): CustomerInvoice {
  const { rot: _rot, customerId: _c, bookingId: _b, reminderSentAt: _r, createdAt: _d, ...rest } = invoiceFixture();
  return { ...rest, rot: null, pdfUrl: "/api/invoices/abcdefghijklmnopqrstuvwxyz012345/pdf", ...overrides };
}
