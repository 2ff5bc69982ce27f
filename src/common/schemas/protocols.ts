// Installation protocols (rules §3 installation_protocols, §5 installation protocol, §7 the
// /api/technician/protocols, /api/protocols and /api/admin/protocols rows; rules D10, D21).
import { z } from "zod";
import { singleLineText } from "./text-fields";
import { INSTALLATION_TYPES, PROTOCOL_STATUSES, REFRIGERANT_TYPES } from "@/common/constants";
import { CHECKLIST_GROUPS, type ChecklistGroupKey } from "@/common/protocols/rules";
import { MAX_IMAGE_DATA_URL_LENGTH } from "../image-rules";
import { isoDateSchema } from "./bookings";
import { IdSchema } from "./common";

export const protocolText = {
  // rules §5 server-side schema.
  customerNameRequired: "Kundens namn krävs",
  emailRequired: "E-postadress krävs",
  emailInvalid: "Ogiltig e-postadress",
  installationDateRequired: "Installationsdatum krävs",
  tooLong: "Texten är för lång",
  refrigerantAmountInvalid: "Ange köldmediemängden i kg, till exempel 1,2",
  signatureInvalid: "Signaturen kunde inte läsas. Rita den igen.",
  imageInvalid: "Bilden kunde inte läsas",
  tooManyImages: (max: number) => `Högst ${max} bilder per grupp`,
  actionInvalid: "Ogiltig åtgärd",
  // rules §5 customer signing.
  customerSignatureRequired: "Vänligen signera protokollet innan du fortsätter.",
} as const;

export const PROTOCOL_IMAGE_GROUPS = ["condenseDrainPipe", "serialNumbers", "completedInstallation"] as const;
export type ProtocolImageGroup = (typeof PROTOCOL_IMAGE_GROUPS)[number];
export const PROTOCOL_IMAGE_GROUP_LABELS: Record<ProtocolImageGroup, string> = {
  condenseDrainPipe: "Kondensavlopp",
  serialNumbers: "Serienummer på ute- och innedel",
  completedInstallation: "Färdig installation",
};
export const MAX_IMAGES_PER_GROUP = 4;
/** A drawn signature as a data URL (a 500 × 200 canvas is some 10–40 KB). */
const MAX_SIGNATURE_CHARS = 400_000;
/** A photo compressed in the browser (1600 px, quality 0.85: a few hundred KB). */
const MAX_PHOTO_CHARS = 3_000_000;

const optionalText = (max = 2000) =>
  z
    .string({ error: protocolText.tooLong })
    .trim()
    .max(max, { error: protocolText.tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional one-line field of the protocol (everything but the notes and comments). */
const optionalLine = (max: number) =>
  singleLineText({ error: protocolText.tooLong })
    .max(max, { error: protocolText.tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

const checklistSchema = (group: ChecklistGroupKey) =>
  z.object(Object.fromEntries(Object.keys(CHECKLIST_GROUPS[group].items).map((key) => [key, z.boolean().optional()]))).optional();

const checklists = Object.fromEntries((Object.keys(CHECKLIST_GROUPS) as ChecklistGroupKey[]).map((group) => [group, checklistSchema(group)])) as Record<
  ChecklistGroupKey,
  ReturnType<typeof checklistSchema>
>;

const dataUrl = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, { error: message })
    .regex(/^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]+$/, { error: message });

export const ProtocolImagesSchema = z.object(
  Object.fromEntries(
    PROTOCOL_IMAGE_GROUPS.map((group) => [
      group,
      z
        .array(dataUrl(MAX_PHOTO_CHARS, protocolText.imageInvalid))
        .max(MAX_IMAGES_PER_GROUP, { error: protocolText.tooManyImages(MAX_IMAGES_PER_GROUP) })
        .default([]),
    ]),
  ) as Record<ProtocolImageGroup, z.ZodDefault<z.ZodArray<z.ZodString>>>,
);

/**
 * POST /api/technician/protocol-photos (issue 23 point 9): a photo the browser cannot decode itself
 * (an iPhone's HEIC in Chromium), decoded and converted to JPEG by the server as it is added, so a
 * broken file is refused at once. Up to 10 MB, as the public upload (rules D20).
 */
export const ProtocolPhotoInputSchema = z.object({ image: dataUrl(MAX_IMAGE_DATA_URL_LENGTH, protocolText.imageInvalid) });
export const ProtocolPhotoSchema = z.object({ image: z.string() });
export type ProtocolPhoto = z.output<typeof ProtocolPhotoSchema>;

/**
 * The technician's protocol, saved as a draft or finished (rules §7 POST/PATCH
 * /api/technician/protocols). The status is the server's to decide from `action` and the signatures.
 */
export const ProtocolInputSchema = z.object({
  action: z.enum(["draft", "finish"], { error: protocolText.actionInvalid }).default("draft"),
  /** The device's key for a new protocol: a retried save returns the protocol the first one created. */
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: protocolText.actionInvalid })
    .optional(),
  bookingId: IdSchema.nullish(),
  installationDate: isoDateSchema(protocolText.installationDateRequired),
  customerName: singleLineText({ error: protocolText.customerNameRequired })
    .min(1, { error: protocolText.customerNameRequired })
    .max(200, { error: protocolText.tooLong }),
  customerEmail: singleLineText({ error: protocolText.emailRequired })
    .min(1, { error: protocolText.emailRequired })
    .pipe(z.email({ error: protocolText.emailInvalid }).max(254, { error: protocolText.emailInvalid })),
  customerPhone: optionalLine(40),
  installationAddress: optionalLine(300),
  organizationNumber: optionalLine(40),
  companyName: optionalLine(200),
  companyOrgNumber: optionalLine(40),
  companyPhone: optionalLine(40),
  installedBrand: optionalLine(100),
  installedModel: optionalLine(100),
  installedPower: optionalLine(40),
  installationType: z.enum(INSTALLATION_TYPES).default("luftvarmepump"),
  indoorUnitLocation: optionalLine(200),
  outdoorUnitLocation: optionalLine(200),
  electricalConnectionType: optionalLine(100),
  refrigerantType: z.enum(REFRIGERANT_TYPES).default("R32"),
  refrigerantAmount: z
    .number({ error: protocolText.refrigerantAmountInvalid })
    .min(0, { error: protocolText.refrigerantAmountInvalid })
    .max(500, { error: protocolText.refrigerantAmountInvalid })
    .nullish(),
  technicianCertificateNumber: optionalLine(60),
  companyCertificateNumber: optionalLine(60),
  demontagedProducts: optionalText(),
  notes: optionalText(4000),
  technicianNotes: optionalText(4000),
  customerComments: optionalText(),
  ...checklists,
  protocolImages: ProtocolImagesSchema.optional(),
  technicianSignature: dataUrl(MAX_SIGNATURE_CHARS, protocolText.signatureInvalid).nullish(),
  customerSignature: dataUrl(MAX_SIGNATURE_CHARS, protocolText.signatureInvalid).nullish(),
});
export type ProtocolInput = z.input<typeof ProtocolInputSchema>;
export type ProtocolInputParsed = z.output<typeof ProtocolInputSchema>;

const ChecklistViewSchema = z.record(z.string(), z.boolean());

/** A protocol as staff see it. */
export const ProtocolSchema = z.object({
  id: z.number(),
  publicId: z.string(),
  status: z.enum(PROTOCOL_STATUSES),
  signingUrl: z.string(),
  bookingId: z.number().nullable(),
  technicianName: z.string().nullable(),
  installationDate: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  installationAddress: z.string().nullable(),
  organizationNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  companyOrgNumber: z.string().nullable(),
  companyPhone: z.string().nullable(),
  installedBrand: z.string().nullable(),
  installedModel: z.string().nullable(),
  installedPower: z.string().nullable(),
  installationType: z.string(),
  indoorUnitLocation: z.string().nullable(),
  outdoorUnitLocation: z.string().nullable(),
  electricalConnectionType: z.string().nullable(),
  refrigerantType: z.string(),
  refrigerantAmount: z.number().nullable(),
  co2eTonnes: z.number().nullable(),
  leakChecksRequired: z.boolean(),
  technicianCertificateNumber: z.string().nullable(),
  companyCertificateNumber: z.string().nullable(),
  demontagedProducts: z.string().nullable(),
  notes: z.string().nullable(),
  technicianNotes: z.string().nullable(),
  customerComments: z.string().nullable(),
  checklists: z.record(z.string(), ChecklistViewSchema),
  protocolImages: z.record(z.string(), z.array(z.string())),
  technicianSignature: z.string().nullable(),
  technicianSignedAt: z.string().nullable(),
  customerSignature: z.string().nullable(),
  customerSignedAt: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Protocol = z.output<typeof ProtocolSchema>;

/** What the customer's link shows (rules §2 customer protocol page): no internal notes, no staff ids. */
export const CustomerProtocolSchema = ProtocolSchema.omit({ technicianNotes: true, bookingId: true, signingUrl: true, publicId: true });
export type CustomerProtocol = z.output<typeof CustomerProtocolSchema>;

export const ProtocolListItemSchema = z.object({
  id: z.number(),
  customerName: z.string(),
  installedBrand: z.string().nullable(),
  installedModel: z.string().nullable(),
  installationAddress: z.string().nullable(),
  status: z.enum(PROTOCOL_STATUSES),
  createdAt: z.string(),
  technicianName: z.string().nullable(),
});
export const ProtocolListSchema = z.array(ProtocolListItemSchema);
export type ProtocolListItem = z.output<typeof ProtocolListItemSchema>;

export const ProtocolListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(PROTOCOL_STATUSES).optional(),
});

export const ProtocolSavedSchema = z.object({ id: z.number(), publicId: z.string(), status: z.enum(PROTOCOL_STATUSES) });

export const CustomerSignSchema = z.object({
  customerSignature: z
    .string({ error: protocolText.customerSignatureRequired })
    .min(1, { error: protocolText.customerSignatureRequired })
    .pipe(dataUrl(MAX_SIGNATURE_CHARS, protocolText.signatureInvalid)),
  customerComments: optionalText(),
});

/** Any id is looked up (and not found): a malformed one says no more than a wrong one. */
export const PublicIdParamsSchema = z.object({
  publicId: z.string().min(1, { error: "Protokoll hittades inte" }).max(100, { error: "Protokoll hittades inte" }),
});

/**
 * The technician's form (rules §5 form rules): what the server requires, plus the installed product's
 * brand, model and power, with the form's own words. The amount is typed with a decimal comma.
 */
export const protocolFormText = {
  installationDateRequired: "Installationsdatum krävs",
  customerNameRequired: "Kundnamn krävs",
  emailRequired: "E-postadress krävs för att kunna skicka protokoll för signering",
  emailInvalid: "Ogiltig e-postadress",
  brandRequired: "Märke krävs",
  modelRequired: "Värmepumpsmodell krävs",
  powerRequired: "Effekt krävs",
} as const;

const requiredText = (message: string) => singleLineText({ error: message }).min(1, { error: message });

export const ProtocolFormSchema = z.object({
  installationDate: isoDateSchema(protocolFormText.installationDateRequired),
  customerName: requiredText(protocolFormText.customerNameRequired),
  customerEmail: requiredText(protocolFormText.emailRequired).pipe(z.email({ error: protocolFormText.emailInvalid })),
  installedBrand: requiredText(protocolFormText.brandRequired),
  installedModel: requiredText(protocolFormText.modelRequired),
  installedPower: requiredText(protocolFormText.powerRequired),
  refrigerantAmount: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{1,3}([.,]\d{1,3})?$/.test(v), { error: protocolText.refrigerantAmountInvalid }),
});

/** GET /api/technician/protocols/company-defaults: the company's own details from the settings. */
export const CompanyDefaultsSchema = z.object({ companyName: z.string(), companyOrgNumber: z.string(), companyPhone: z.string() });
export type CompanyDefaults = z.output<typeof CompanyDefaultsSchema>;
