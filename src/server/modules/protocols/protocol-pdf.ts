import { PDFDocument } from "pdf-lib";
import { CHECKLIST_GROUPS, formatTonnes, type ChecklistGroupKey } from "@/common/protocols/rules";
import { PROTOCOL_IMAGE_GROUP_LABELS, PROTOCOL_IMAGE_GROUPS, type Protocol } from "@/common/schemas/protocols";
import { COMPANY, installationTypeLabel, PROTOCOL_STATUS_LABELS, type ProtocolStatus } from "@/common/constants";
import { formatListDate, formatListDateTime } from "@/common/format";
import { BRAND, Writer } from "../../lib/pdf-writer";

// The signed protocol as a PDF (issue 10, rules D21): every section, both signatures and the
// photos as thumbnails, with the company's details, in the house style of lib/pdf-writer. A photo
// that cannot be drawn is named instead of failing the document; a signature that cannot be drawn
// fails it (a signed copy without its signature would mislead).

/**
 * A data URL's bytes in an ArrayBuffer of their own. Buffer.from(…, "base64") hands out a small result
 * (under 4 KB: a 64 × 64 photo, a 1 × 1 one) as a slice of Node's shared pool, and pdf-lib's JPEG
 * reader looks at the whole underlying ArrayBuffer, not at the slice: it found another buffer's
 * bytes where the JPEG should start and the PDF failed.
 */
const bytesOf = (dataUrl: string) => new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
const PHOTO_NOT_DRAWN = "(Bilden kunde inte visas i PDF:en; den finns i protokollet.)";
const yesNo = (value: boolean | undefined) => (value ? "Ja" : "Nej");
const when = (iso: string | null) => (iso ? formatListDateTime(iso) : null);

export async function protocolPdf(protocol: Protocol): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Installationsprotokoll ${protocol.id}`);
  doc.setAuthor(protocol.companyName ?? COMPANY.name);
  doc.setLanguage("sv-SE");
  const w = await Writer.create(doc);

  w.text("Installationsprotokoll", { size: 20, bold: true, color: BRAND });
  w.text(`Protokoll nr ${protocol.id} · ${PROTOCOL_STATUS_LABELS[protocol.status as ProtocolStatus] ?? protocol.status}`);
  w.text(`${protocol.companyName ?? COMPANY.name}, org.nr ${protocol.companyOrgNumber ?? COMPANY.orgNumber}, tel ${protocol.companyPhone ?? COMPANY.phone}`, {
    size: 9,
  });

  w.heading("Kund och installation");
  w.row("Kund", protocol.customerName);
  w.row("Adress", protocol.installationAddress);
  w.row("Telefon", protocol.customerPhone);
  w.row("E-post", protocol.customerEmail);
  w.row("Organisationsnummer", protocol.organizationNumber);
  w.row("Installationsdatum", formatListDate(protocol.installationDate));
  w.row("Märke", protocol.installedBrand);
  w.row("Modell", protocol.installedModel);
  w.row("Effekt", protocol.installedPower);
  // Labels, never the stored values (issue 23: "luftvarmepump" is "Luftvärmepump" to a reader).
  w.row("Installationstyp", installationTypeLabel(protocol.installationType));
  w.row("Innedelens placering", protocol.indoorUnitLocation);
  w.row("Utedelens placering", protocol.outdoorUnitLocation);
  w.row("Elanslutning", protocol.electricalConnectionType);

  w.heading("Köldmedium och F-gas");
  w.row("Köldmedium", protocol.refrigerantType);
  w.row("Mängd", protocol.refrigerantAmount !== null ? `${protocol.refrigerantAmount.toLocaleString("sv-SE")} kg` : null);
  w.row("CO2-ekvivalent", protocol.co2eTonnes !== null ? formatTonnes(protocol.co2eTonnes) : null);
  if (protocol.leakChecksRequired) w.text("Periodisk läckagekontroll krävs (5 ton CO2e eller mer).", { bold: true });
  w.row("Teknikerns certifikat", protocol.technicianCertificateNumber);
  w.row("Företagets certifikat", protocol.companyCertificateNumber);

  for (const group of Object.keys(CHECKLIST_GROUPS) as ChecklistGroupKey[]) {
    const { title, items } = CHECKLIST_GROUPS[group];
    w.heading(title);
    for (const [key, label] of Object.entries(items)) w.text(`${label}: ${yesNo(protocol.checklists[group]?.[key])}`);
  }

  if (protocol.demontagedProducts) {
    w.heading("Demonterade produkter");
    w.text(protocol.demontagedProducts);
  }
  if (protocol.notes) {
    w.heading("Anteckningar");
    w.text(protocol.notes);
  }

  const photos = PROTOCOL_IMAGE_GROUPS.flatMap((group) => (protocol.protocolImages[group] ?? []).map((src) => ({ group, src })));
  if (photos.length > 0) {
    w.heading("Bilder");
    for (const group of PROTOCOL_IMAGE_GROUPS) {
      const list = protocol.protocolImages[group] ?? [];
      if (list.length === 0) continue;
      w.text(PROTOCOL_IMAGE_GROUP_LABELS[group], { bold: true });
      for (const src of list) {
        try {
          await w.image(bytesOf(src), 160, 120);
        } catch {
          w.text(PHOTO_NOT_DRAWN, { size: 9 });
        }
      }
    }
  }

  w.heading("Signaturer");
  w.text(`Tekniker${protocol.technicianName ? ` (${protocol.technicianName})` : ""}: ${when(protocol.technicianSignedAt) ?? "ej signerat"}`);
  if (protocol.technicianSignature) await w.image(bytesOf(protocol.technicianSignature), 250, 100);
  w.text(`Kund (${protocol.customerName}): ${when(protocol.customerSignedAt) ?? "ej signerat"}`);
  if (protocol.customerSignature) await w.image(bytesOf(protocol.customerSignature), 250, 100);
  if (protocol.customerComments) w.row("Kundens kommentar", protocol.customerComments);

  return Buffer.from(await doc.save());
}
