import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { ProtocolStatus } from "@/common/constants";
import type { Db } from "../../db/client";
import { bookings, installationProtocols, users } from "../../db/schema";
import { enqueueEmail, type OutboxMessage } from "../../jobs/outbox";

export type ProtocolRow = typeof installationProtocols.$inferSelect;
export type NewProtocol = typeof installationProtocols.$inferInsert;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Installation protocols (issue 10): one place writes them, so the signing rules hold for every path. */
export function createProtocolsRepository(db: Db) {
  return {
    async list(filter: { search?: string; status?: ProtocolStatus; technicianId?: number | null; limit: number }) {
      const conditions: SQL[] = [];
      if (filter.search) {
        const like = `%${escapeLike(filter.search)}%`;
        conditions.push(
          or(
            ilike(installationProtocols.customerName, like),
            ilike(installationProtocols.installationAddress, like),
            ilike(sql`coalesce(${installationProtocols.installedBrand}, '') || ' ' || coalesce(${installationProtocols.installedModel}, '')`, like),
          )!,
        );
      }
      if (filter.status) conditions.push(eq(installationProtocols.status, filter.status));
      if (filter.technicianId) conditions.push(eq(installationProtocols.technicianId, filter.technicianId));
      return db
        .select({
          id: installationProtocols.id,
          customerName: installationProtocols.customerName,
          installedBrand: installationProtocols.installedBrand,
          installedModel: installationProtocols.installedModel,
          installationAddress: installationProtocols.installationAddress,
          status: installationProtocols.status,
          createdAt: installationProtocols.createdAt,
          technicianName: users.name,
        })
        .from(installationProtocols)
        .leftJoin(users, eq(users.id, installationProtocols.technicianId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(installationProtocols.createdAt), desc(installationProtocols.id))
        .limit(filter.limit);
    },

    async findById(id: number) {
      const [row] = await db
        .select({ protocol: installationProtocols, technicianName: users.name })
        .from(installationProtocols)
        .leftJoin(users, eq(users.id, installationProtocols.technicianId))
        .where(eq(installationProtocols.id, id))
        .limit(1);
      return row;
    },

    /** The protocol behind a customer's link; an erased customer's is kept for staff only. */
    async findByPublicId(publicId: string) {
      const [row] = await db
        .select({ protocol: installationProtocols, technicianName: users.name })
        .from(installationProtocols)
        .leftJoin(users, eq(users.id, installationProtocols.technicianId))
        .where(and(eq(installationProtocols.publicId, publicId), isNull(installationProtocols.customerErasedAt)))
        .limit(1);
      return row;
    },

    async findByClientKey(clientKey: string) {
      const [row] = await db.select().from(installationProtocols).where(eq(installationProtocols.clientKey, clientKey)).limit(1);
      return row;
    },

    async customerOfBooking(bookingId: number): Promise<number | null | undefined> {
      const [row] = await db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
      return row?.customerId;
    },

    /** Inserts the protocol and, when it is fully signed at once, the customer's copy in one transaction. */
    async create(values: NewProtocol, email?: (row: ProtocolRow) => OutboxMessage) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(installationProtocols).values(values).returning();
        const outboxId = email ? await enqueueEmail(tx, email(row), { customerId: row.customerId }) : null;
        return { row, outboxId };
      });
    },

    /**
     * Updates a protocol that is not fully signed yet (under its row lock, so a customer signing at
     * the same moment wins or waits); null when it does not exist, "signed" when it is fully signed.
     */
    async update(id: number, values: (current: ProtocolRow) => Promise<Partial<NewProtocol>>, email?: (row: ProtocolRow) => OutboxMessage | null) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(installationProtocols).where(eq(installationProtocols.id, id)).for("update").limit(1);
        if (!current) return null;
        if (current.status === "fully-signed") return "signed" as const;
        const [row] = await tx
          .update(installationProtocols)
          .set(await values(current))
          .where(eq(installationProtocols.id, id))
          .returning();
        const message = email ? email(row) : null;
        const outboxId = message ? await enqueueEmail(tx, message, { customerId: row.customerId }) : null;
        return { row, outboxId };
      });
    },

    async delete(id: number): Promise<boolean> {
      const deleted = await db.delete(installationProtocols).where(eq(installationProtocols.id, id)).returning({ id: installationProtocols.id });
      return deleted.length > 0;
    },

    /**
     * The customer's signature (rules §4): set only while the technician has signed and the customer
     * has not, in one statement, so two simultaneous attempts give exactly one signature. The signed
     * copy is queued in the same transaction; its PDF is made when it is sent, so nothing about the PDF
     * can keep the signature from being saved. Null when nothing was signed.
     */
    async customerSign(
      publicId: string,
      signature: { customerSignature: string; customerComments: string | null },
      email: (row: ProtocolRow) => OutboxMessage,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(installationProtocols)
          .set({ ...signature, customerSignedAt: sql`now()`, status: "fully-signed", completedAt: sql`now()` })
          .where(
            and(
              eq(installationProtocols.publicId, publicId),
              isNotNull(installationProtocols.technicianSignature),
              isNull(installationProtocols.customerSignature),
              isNull(installationProtocols.customerErasedAt),
            ),
          )
          .returning();
        if (!row) return null;
        const outboxId = await enqueueEmail(tx, email(row), { customerId: row.customerId });
        return { row, outboxId };
      });
    },

    async queueEmail(message: OutboxMessage, about: { customerId: number | null }) {
      return enqueueEmail(db, message, about);
    },
  };
}

export type ProtocolsRepository = ReturnType<typeof createProtocolsRepository>;
