import { randomBytes } from "node:crypto";
import type { ProtocolStatus } from "@/common/constants";
import {
  CHECKLIST_GROUPS,
  co2Equivalent,
  customerMaySign,
  leakChecksRequired,
  signingLinkAvailable,
  statusWhenFinished,
  type ChecklistGroupKey,
  type Refrigerant,
} from "@/common/protocols/rules";
import { PROTOCOL_IMAGE_GROUPS, type CustomerProtocol, type Protocol, type ProtocolInputParsed, type ProtocolListItem } from "@/common/schemas/protocols";
import { sqlState } from "../../db/errors";
import { AppError, conflict, notFound, unprocessable } from "../../lib/errors";
import type { OutboxSender } from "../../jobs/outbox";
import type { SessionUser } from "../../plugins/session";
import type { SettingsService } from "../settings/settings.service";
import { companyProfile, type CompanyProfile } from "@/common/company";
import type { SystemSettings } from "@/common/schemas/settings";
import { signedCopyEmail, signingRequestEmail } from "./protocol-email";
import { protocolPdf } from "./protocol-pdf";
import type { NewProtocol, ProtocolRow, ProtocolsRepository } from "./protocols.repository";
import { protocolServerText as text } from "./protocols.text";
import { cleanPhoto, cleanSignature } from "./signatures";

type Deps = { repo: ProtocolsRepository; outbox: Pick<OutboxSender, "notify">; publicUrl: string; settings: Pick<SettingsService, "get" | "company"> };

const CHECKLIST_KEYS = Object.keys(CHECKLIST_GROUPS) as ChecklistGroupKey[];

/** rules D10: the id a customer's link carries, 128 random bits. */
const newPublicId = () => randomBytes(16).toString("base64url");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Installation protocols (issue 10; rules §2, §4, §5, §7; rules D10, D20, D21): technicians save,
 * finish, send and delete them; the customer reads and signs through an unguessable link; a fully
 * signed protocol becomes a PDF e-mailed to the customer.
 */
export function createProtocolsService({ repo, outbox, publicUrl, settings }: Deps) {
  // Settings are read before any repository transaction starts: the embedded database has one
  // connection, so a read from inside a transaction's callback would wait for itself.
  const company = () => settings.get();
  const signingUrl = (publicId: string) => `${publicUrl}/protocol/${publicId}`;

  function toProtocol(row: ProtocolRow, technicianName: string | null): Protocol {
    const amount = row.refrigerantAmount === null ? null : Number(row.refrigerantAmount);
    const tonnes = co2Equivalent(row.refrigerantType as Refrigerant, amount);
    return {
      id: row.id,
      publicId: row.publicId,
      status: row.status as ProtocolStatus,
      signingUrl: signingUrl(row.publicId),
      bookingId: row.bookingId,
      technicianName,
      installationDate: row.installationDate,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      customerPhone: row.customerPhone,
      installationAddress: row.installationAddress,
      organizationNumber: row.organizationNumber,
      companyName: row.companyName,
      companyOrgNumber: row.companyOrgNumber,
      companyPhone: row.companyPhone,
      installedBrand: row.installedBrand,
      installedModel: row.installedModel,
      installedPower: row.installedPower,
      installationType: row.installationType,
      indoorUnitLocation: row.indoorUnitLocation,
      outdoorUnitLocation: row.outdoorUnitLocation,
      electricalConnectionType: row.electricalConnectionType,
      refrigerantType: row.refrigerantType,
      refrigerantAmount: amount,
      co2eTonnes: tonnes,
      leakChecksRequired: leakChecksRequired(tonnes),
      technicianCertificateNumber: row.technicianCertificateNumber,
      companyCertificateNumber: row.companyCertificateNumber,
      demontagedProducts: row.demontagedProducts,
      notes: row.notes,
      technicianNotes: row.technicianNotes,
      customerComments: row.customerComments,
      checklists: Object.fromEntries(CHECKLIST_KEYS.map((group) => [group, row[group] as Record<string, boolean>])),
      protocolImages: row.protocolImages,
      technicianSignature: row.technicianSignature,
      technicianSignedAt: iso(row.technicianSignedAt),
      customerSignature: row.customerSignature,
      customerSignedAt: iso(row.customerSignedAt),
      createdAt: row.createdAt.toISOString(),
      completedAt: iso(row.completedAt),
    };
  }

  const toCustomerView = (row: ProtocolRow, technicianName: string | null): CustomerProtocol => {
    const { technicianNotes: _notes, bookingId: _booking, signingUrl: _url, publicId: _id, ...view } = toProtocol(row, technicianName);
    return view;
  };

  /** The customer's signed copy; its PDF is made when the e-mail is sent (pdfForEmail). */
  const signedCopy = (row: ProtocolRow, own: CompanyProfile) =>
    signedCopyEmail({ to: row.customerEmail, customerName: row.customerName, protocolNumber: row.id, url: signingUrl(row.publicId), company: own });

  /** A signature as stored: kept when unchanged, else checked for ink and re-encoded. */
  async function signatureValue(incoming: string | null | undefined, stored: string | null): Promise<string | null> {
    if (!incoming) return null;
    if (incoming === stored) return stored;
    return cleanSignature(incoming);
  }

  async function photosValue(incoming: ProtocolInputParsed["protocolImages"], stored: ProtocolRow["protocolImages"] | null) {
    const kept = new Set(stored ? PROTOCOL_IMAGE_GROUPS.flatMap((g) => stored[g] ?? []) : []);
    const result = { condenseDrainPipe: [] as string[], serialNumbers: [] as string[], completedInstallation: [] as string[] };
    if (!incoming) return stored ?? result;
    for (const group of PROTOCOL_IMAGE_GROUPS) {
      result[group] = await Promise.all(incoming[group].map((src) => (kept.has(src) ? src : cleanPhoto(src))));
    }
    return result;
  }

  /** The row's values from the form, the signatures' times, and the status the action leads to. */
  async function valuesFrom(input: ProtocolInputParsed, current: ProtocolRow | null, user: SessionUser, own: SystemSettings): Promise<Partial<NewProtocol>> {
    const technicianSignature = await signatureValue(input.technicianSignature, current?.technicianSignature ?? null);
    const customerSignature = await signatureValue(input.customerSignature, current?.customerSignature ?? null);
    let status: ProtocolStatus = "draft";
    if (input.action === "finish") {
      const finished = statusWhenFinished({ technicianSignature, customerSignature });
      if (!finished) throw unprocessable(text.technicianMustSign);
      status = finished;
    }
    const now = new Date();
    // rules §3: the company's details default to its own, from the settings (rules D11).
    const checklists = Object.fromEntries(CHECKLIST_KEYS.map((group) => [group, input[group] ?? current?.[group] ?? {}]));
    return {
      bookingId: input.bookingId ?? current?.bookingId ?? null,
      technicianId: current?.technicianId ?? user.id,
      installationDate: input.installationDate,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      customerPhone: input.customerPhone,
      installationAddress: input.installationAddress,
      organizationNumber: input.organizationNumber,
      companyName: input.companyName ?? own.companyName,
      companyOrgNumber: input.companyOrgNumber ?? own.orgNumber,
      companyPhone: input.companyPhone ?? own.companyPhone,
      installedBrand: input.installedBrand,
      installedModel: input.installedModel,
      installedPower: input.installedPower,
      installationType: input.installationType,
      indoorUnitLocation: input.indoorUnitLocation,
      outdoorUnitLocation: input.outdoorUnitLocation,
      electricalConnectionType: input.electricalConnectionType,
      refrigerantType: input.refrigerantType,
      refrigerantAmount: input.refrigerantAmount === null || input.refrigerantAmount === undefined ? null : String(input.refrigerantAmount),
      technicianCertificateNumber: input.technicianCertificateNumber,
      companyCertificateNumber: input.companyCertificateNumber,
      demontagedProducts: input.demontagedProducts,
      notes: input.notes,
      technicianNotes: input.technicianNotes,
      customerComments: input.customerComments,
      ...checklists,
      protocolImages: await photosValue(input.protocolImages, current?.protocolImages ?? null),
      technicianSignature,
      technicianSignedAt: technicianSignature ? (technicianSignature === current?.technicianSignature ? current.technicianSignedAt : now) : null,
      customerSignature,
      customerSignedAt: customerSignature ? (customerSignature === current?.customerSignature ? current.customerSignedAt : now) : null,
      status,
      completedAt: status === "fully-signed" ? now : null,
    };
  }

  async function found(id: number) {
    const row = await repo.findById(id);
    if (!row) throw notFound(text.notFound);
    return row;
  }

  const notify = (outboxId: number | null) => outboxId !== null && outbox.notify(outboxId);

  return {
    /** A photo decoded and re-encoded as it is added to the form (issue 23 point 9); 422 'Bilden kunde inte läsas' when it is no whole image. */
    async convertPhoto(image: string): Promise<{ image: string }> {
      return { image: await cleanPhoto(image) };
    },

    async list(filter: { search?: string; status?: ProtocolStatus }, user: SessionUser, limit = 200): Promise<ProtocolListItem[]> {
      const rows = await repo.list({ ...filter, technicianId: user.role === "admin" ? null : user.id, limit });
      return rows.map((r) => ({ ...r, status: r.status as ProtocolStatus, createdAt: r.createdAt.toISOString() }));
    },

    async get(id: number, user: SessionUser): Promise<Protocol> {
      const { protocol, technicianName } = await found(id);
      assertMayWorkOn(protocol, user);
      return toProtocol(protocol, technicianName);
    },

    /**
     * A new protocol. With the device's `clientKey`, a save retried after a lost connection answers
     * with the protocol the first attempt created (also when both arrive at once), never a second one.
     */
    async create(input: ProtocolInputParsed, user: SessionUser) {
      const saved = (row: ProtocolRow) => ({ id: row.id, publicId: row.publicId, status: row.status as ProtocolStatus });
      const earlier = async () => {
        const row = input.clientKey ? await repo.findByClientKey(input.clientKey) : undefined;
        if (row && row.technicianId !== user.id) throw conflict(text.clientKeyTaken);
        return row;
      };
      const existing = await earlier();
      if (existing) return saved(existing);
      if (input.bookingId && (await repo.customerOfBooking(input.bookingId)) === undefined) throw unprocessable(text.bookingNotFound);
      const own = await company();
      const values = await valuesFrom(input, null, user, own);
      const customerId = input.bookingId ? ((await repo.customerOfBooking(input.bookingId)) ?? null) : null;
      try {
        const { row, outboxId } = await repo.create(
          { ...(values as NewProtocol), publicId: newPublicId(), customerId, clientKey: input.clientKey ?? null },
          values.status === "fully-signed" ? (r) => signedCopy(r, companyProfile(own)) : undefined,
        );
        notify(outboxId);
        return saved(row);
      } catch (error) {
        const raced = sqlState(error) === "23505" ? await earlier() : undefined;
        if (raced) return saved(raced);
        throw error;
      }
    },

    async update(id: number, input: ProtocolInputParsed, user: SessionUser) {
      const { protocol } = await found(id);
      assertMayWorkOn(protocol, user);
      const own = await company();
      const result = await repo.update(
        id,
        (current) => valuesFrom(input, current, user, own),
        (row) => (row.status === "fully-signed" ? signedCopy(row, companyProfile(own)) : null),
      );
      if (result === null) throw notFound(text.notFound);
      if (result === "signed") throw conflict(text.alreadySigned);
      notify(result.outboxId);
      return { id: result.row.id, publicId: result.row.publicId, status: result.row.status as ProtocolStatus };
    },

    async remove(id: number, user: SessionUser) {
      const { protocol } = await found(id);
      assertMayWorkOn(protocol, user);
      await repo.delete(id);
    },

    /** rules §7 send-for-signing and send-email: the link to the customer, while the protocol waits for them. */
    async sendForSigning(id: number, user: SessionUser, customerEmail?: string) {
      const { protocol } = await found(id);
      assertMayWorkOn(protocol, user);
      // An erased customer's protocol is kept for the F-gas record only: its link is closed (rules D10).
      if (protocol.customerErasedAt) throw conflict(text.customerErased);
      if (!signingLinkAvailable(protocol.status as ProtocolStatus)) throw conflict(text.notWaitingForCustomer);
      const outboxId = await repo.queueEmail(
        signingRequestEmail({
          to: customerEmail ?? protocol.customerEmail,
          customerName: protocol.customerName,
          protocolNumber: protocol.id,
          url: signingUrl(protocol.publicId),
          company: await settings.company(),
        }),
        { customerId: protocol.customerId },
      );
      notify(outboxId);
      return { message: text.emailSent };
    },

    /** The company's details a new protocol starts with (the form shows and may change them). */
    async companyDefaults() {
      const own = await company();
      return { companyName: own.companyName, companyOrgNumber: own.orgNumber, companyPhone: own.companyPhone };
    },

    /** The PDF of the signed copy's e-mail, made as it is sent; null when the protocol is gone. */
    async pdfForEmail(id: number): Promise<Buffer | null> {
      const row = await repo.findById(id);
      return row ? protocolPdf(toProtocol(row.protocol, row.technicianName)) : null;
    },

    async pdf(id: number, user: SessionUser) {
      const { protocol, technicianName } = await found(id);
      assertMayWorkOn(protocol, user);
      return { pdf: await protocolPdf(toProtocol(protocol, technicianName)), number: protocol.id };
    },

    // --- The customer's link (rules D10) ---------------------------------------------------------

    async forCustomer(publicId: string): Promise<CustomerProtocol> {
      const row = await repo.findByPublicId(publicId);
      if (!row) throw notFound(text.notFound);
      return toCustomerView(row.protocol, row.technicianName);
    },

    async customerPdf(publicId: string) {
      const row = await repo.findByPublicId(publicId);
      if (!row) throw notFound(text.notFound);
      return { pdf: await protocolPdf(toProtocol(row.protocol, row.technicianName)), number: row.protocol.id };
    },

    async customerSign(publicId: string, input: { customerSignature: string; customerComments: string | null }): Promise<CustomerProtocol> {
      const existing = await repo.findByPublicId(publicId);
      if (!existing) throw notFound(text.notFound);
      if (!customerMaySign(existing.protocol)) throw conflict(existing.protocol.customerSignature ? text.customerAlreadySigned : text.technicianNotSigned);
      const customerSignature = await cleanSignature(input.customerSignature);
      const own = companyProfile(await company());
      const signed = await repo.customerSign(publicId, { customerSignature, customerComments: input.customerComments }, (row) => signedCopy(row, own));
      // Someone else's signature won the race between the check above and the update.
      if (!signed) throw conflict(text.customerAlreadySigned);
      notify(signed.outboxId);
      return toCustomerView(signed.row, existing.technicianName);
    },
  };
}

/** Technicians work on their own protocols; admins on all (rules §6). A stranger's is "not found". */
function assertMayWorkOn(protocol: ProtocolRow, user: SessionUser) {
  if (user.role !== "admin" && protocol.technicianId !== null && protocol.technicianId !== user.id) throw new AppError("NOT_FOUND", 404, text.notFound);
}

export type ProtocolsService = ReturnType<typeof createProtocolsService>;
