import { todayIn } from "@/common/booking-rules";
import { CHECKLIST_GROUPS, co2Equivalent, type ChecklistGroupKey, type Refrigerant } from "@/common/protocols/rules";
import type { Protocol, ProtocolImageGroup, ProtocolInput } from "@/common/schemas/protocols";

// The protocol form's values as the technician types them (strings as typed, a decimal comma kept),
// and the two translations at its edges: from a saved protocol, and to what the server takes.

type Checklists = Record<ChecklistGroupKey, Record<string, boolean>>;
type Photos = Record<ProtocolImageGroup, string[]>;
export type ProtocolFormValues = {
  /** The device's key for a new protocol (kept in the draft): a retried save never creates a second one. */
  clientKey: string;
  bookingId: number | null;
  installationDate: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  organizationNumber: string;
  installationAddress: string;
  companyName: string;
  companyOrgNumber: string;
  companyPhone: string;
  installedBrand: string;
  installedModel: string;
  installedPower: string;
  installationType: string;
  indoorUnitLocation: string;
  outdoorUnitLocation: string;
  electricalConnectionType: string;
  refrigerantType: Refrigerant;
  refrigerantAmount: string;
  technicianCertificateNumber: string;
  companyCertificateNumber: string;
  demontagedProducts: string;
  notes: string;
  technicianNotes: string;
  customerComments: string;
  checklists: Checklists;
  photos: Photos;
  technicianSignature: string | null;
  customerSignature: string | null;
};

const TEXT_FIELDS = [
  "companyName",
  "companyOrgNumber",
  "companyPhone",
  "customerPhone",
  "organizationNumber",
  "installationAddress",
  "indoorUnitLocation",
  "outdoorUnitLocation",
  "electricalConnectionType",
  "technicianCertificateNumber",
  "companyCertificateNumber",
  "demontagedProducts",
  "notes",
  "technicianNotes",
  "customerComments",
] as const;

export function emptyValues(): ProtocolFormValues {
  return {
    clientKey: crypto.randomUUID(),
    bookingId: null,
    installationDate: todayIn(new Date()),
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    organizationNumber: "",
    installationAddress: "",
    companyName: "",
    companyOrgNumber: "",
    companyPhone: "",
    installedBrand: "",
    installedModel: "",
    installedPower: "",
    installationType: "luftvarmepump",
    indoorUnitLocation: "",
    outdoorUnitLocation: "",
    electricalConnectionType: "",
    refrigerantType: "R32",
    refrigerantAmount: "",
    technicianCertificateNumber: "",
    companyCertificateNumber: "",
    demontagedProducts: "",
    notes: "",
    technicianNotes: "",
    customerComments: "",
    checklists: Object.fromEntries(Object.keys(CHECKLIST_GROUPS).map((g) => [g, {}])) as Checklists,
    photos: { condenseDrainPipe: [], serialNumbers: [], completedInstallation: [] },
    technicianSignature: null,
    customerSignature: null,
  };
}

export function fromProtocol(p: Protocol): ProtocolFormValues {
  const base = emptyValues();
  return {
    ...base,
    bookingId: p.bookingId,
    installationDate: p.installationDate,
    customerName: p.customerName,
    customerEmail: p.customerEmail,
    installedBrand: p.installedBrand ?? "",
    installedModel: p.installedModel ?? "",
    installedPower: p.installedPower ?? "",
    installationType: p.installationType,
    refrigerantType: p.refrigerantType as Refrigerant,
    refrigerantAmount: p.refrigerantAmount === null ? "" : String(p.refrigerantAmount).replace(".", ","),
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, p[f] ?? ""])),
    checklists: { ...base.checklists, ...(p.checklists as Checklists) },
    photos: { ...base.photos, ...(p.protocolImages as Photos) },
    technicianSignature: p.technicianSignature,
    customerSignature: p.customerSignature,
  };
}

export function toInput(values: ProtocolFormValues, action: "draft" | "finish", isNew: boolean): ProtocolInput {
  const amount = values.refrigerantAmount.trim();
  return {
    action,
    ...(isNew ? { clientKey: values.clientKey } : {}),
    bookingId: values.bookingId,
    installationDate: values.installationDate,
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    installedBrand: values.installedBrand,
    installedModel: values.installedModel,
    installedPower: values.installedPower,
    installationType: values.installationType as ProtocolInput["installationType"],
    refrigerantType: values.refrigerantType,
    refrigerantAmount: amount ? Number(amount.replace(",", ".")) : null,
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, values[f] || null])),
    ...values.checklists,
    protocolImages: values.photos,
    technicianSignature: values.technicianSignature,
    customerSignature: values.customerSignature,
  };
}

/** The refrigerant's CO₂ equivalent as typed so far (the form shows it while the amount is entered). */
export function typedCo2Tonnes(values: ProtocolFormValues): number | null {
  return co2Equivalent(values.refrigerantType, values.refrigerantAmount ? Number(values.refrigerantAmount.replace(",", ".")) : null);
}
