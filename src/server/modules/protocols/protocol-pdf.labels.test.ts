import { createRequire } from "node:module";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { CHECKLIST_GROUPS } from "@/common/protocols/rules";
import type { Protocol } from "@/common/schemas/protocols";
import { protocolPdf } from "./protocol-pdf";

// Issue 23 (Polish): the PDF a customer keeps shows what the protocol's pages show, labels and
// Swedish dates, never the stored values ("luftvarmepump", "2026-11-25", "fully-signed").

/** The text of a PDF, read back with pdf.js, one line per drawn line. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ("str" in item && item.str.trim()) lines.push(item.str);
  }
  return lines.join("\n");
}

const protocol = (overrides: Partial<Protocol> = {}): Protocol => ({
  id: 7,
  publicId: "abcdefghijklmnopqrstuv",
  status: "fully-signed",
  signingUrl: "http://app.test/protocol/abcdefghijklmnopqrstuv",
  bookingId: null,
  technicianName: "Tekla Tekniker",
  installationDate: "2026-11-25",
  customerName: "Åsa Öberg",
  customerEmail: "asa@example.se",
  customerPhone: null,
  installationAddress: "Björkvägen 3, Uppsala",
  organizationNumber: null,
  companyName: null,
  companyOrgNumber: null,
  companyPhone: null,
  installedBrand: "Nibe",
  installedModel: "F2120-12",
  installedPower: "12 kW",
  installationType: "luftvarmepump",
  indoorUnitLocation: null,
  outdoorUnitLocation: null,
  electricalConnectionType: null,
  refrigerantType: "R32",
  refrigerantAmount: 2.4,
  co2eTonnes: 1.62,
  leakChecksRequired: false,
  technicianCertificateNumber: null,
  companyCertificateNumber: null,
  demontagedProducts: null,
  notes: null,
  technicianNotes: null,
  customerComments: null,
  checklists: { installedItems: { heatPump: true, pipes: false } },
  protocolImages: {},
  technicianSignature: null,
  technicianSignedAt: "2026-11-25T13:05:00.000Z",
  customerSignature: null,
  customerSignedAt: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  completedAt: null,
  ...overrides,
});

describe("the protocol PDF", () => {
  it.each([
    ["luftvarmepump", "Luftvärmepump"],
    ["luft-vatten", "Luft/vatten"],
    ["bergvarmepump", "Bergvärmepump"],
    ["franluft", "Frånluft"],
    ["varmepumpsberedare", "Värmepumpsberedare"],
  ])("names installation type %s as '%s'", async (type, label) => {
    const text = await pdfText(await protocolPdf(protocol({ installationType: type })));
    expect(text).toContain(`Installationstyp: ${label}`);
    expect(text).not.toContain(type);
  });

  it("shows the status, the refrigerant, the checklists and the dates as a reader reads them", async () => {
    const text = await pdfText(await protocolPdf(protocol()));
    expect(text).toContain("Fullständigt signerat");
    expect(text).not.toContain("fully-signed");
    expect(text).toContain("Köldmedium: R32");
    expect(text).toContain("Installationsdatum: 25 nov. 2026");
    expect(text).not.toContain("2026-11-25");
    expect(text).toContain("Tekniker (Tekla Tekniker): 25 nov. 2026 kl. 14:05");
    expect(text).toContain(`${CHECKLIST_GROUPS.installedItems.items.heatPump}: Ja`);
    expect(text).toContain(`${CHECKLIST_GROUPS.installedItems.items.pipes}: Nej`);
    expect(text).not.toMatch(/heatPump|installedItems/);
  });
});
