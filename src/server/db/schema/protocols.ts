import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { customers } from "./customers";
import { users } from "./users";

export type ChecklistGroup = Record<string, boolean>;
export type ProtocolImages = { condenseDrainPipe: string[]; serialNumbers: string[]; completedInstallation: string[] };

export const installationProtocols = pgTable(
  "installation_protocols",
  {
    id: serial("id").primaryKey(),
    // The id a customer sees in /protocol/{publicId}: random, so protocols cannot be found by counting (rules D10).
    publicId: text("public_id").notNull().unique(),
    // The key the technician's device gave the new protocol: a save retried after a lost connection
    // finds the protocol the first attempt created instead of creating a second one (issue 10).
    clientKey: text("client_key").unique(),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    technicianId: integer("technician_id").references(() => users.id, { onDelete: "set null" }),
    installationDate: date("installation_date").notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone"),
    customerEmail: text("customer_email").notNull(),
    installationAddress: text("installation_address"),
    organizationNumber: text("organization_number"),
    companyName: text("company_name"),
    companyOrgNumber: text("company_org_number"),
    companyPhone: text("company_phone"),
    installedBrand: text("installed_brand"),
    installedModel: text("installed_model"),
    installedPower: text("installed_power"),
    installationType: text("installation_type").notNull().default("luftvarmepump"),
    indoorUnitLocation: text("indoor_unit_location"),
    outdoorUnitLocation: text("outdoor_unit_location"),
    electricalConnectionType: text("electrical_connection_type"),
    refrigerantType: text("refrigerant_type").notNull().default("R32"),
    refrigerantAmount: numeric("refrigerant_amount", { precision: 8, scale: 3 }),
    technicianCertificateNumber: text("technician_certificate_number"),
    companyCertificateNumber: text("company_certificate_number"),
    demontagedProducts: text("demontaged_products"),
    notes: text("notes"),
    technicianNotes: text("technician_notes"),
    installedItems: jsonb("installed_items").$type<ChecklistGroup>().notNull().default({}),
    preInstallationChecks: jsonb("pre_installation_checks").$type<ChecklistGroup>().notNull().default({}),
    installationSteps: jsonb("installation_steps").$type<ChecklistGroup>().notNull().default({}),
    technicalChecks: jsonb("technical_checks").$type<ChecklistGroup>().notNull().default({}),
    electricalTests: jsonb("electrical_tests").$type<ChecklistGroup>().notNull().default({}),
    pressureTests: jsonb("pressure_tests").$type<ChecklistGroup>().notNull().default({}),
    performanceTests: jsonb("performance_tests").$type<ChecklistGroup>().notNull().default({}),
    safetyChecks: jsonb("safety_checks").$type<ChecklistGroup>().notNull().default({}),
    handover: jsonb("handover").$type<ChecklistGroup>().notNull().default({}),
    customerHandover: jsonb("customer_handover").$type<ChecklistGroup>().notNull().default({}),
    protocolImages: jsonb("protocol_images").$type<ProtocolImages>().notNull().default({ condenseDrainPipe: [], serialNumbers: [], completedInstallation: [] }),
    technicianSignature: text("technician_signature"),
    technicianSignedAt: timestamp("technician_signed_at", { withTimezone: true }),
    customerSignature: text("customer_signature"),
    customerSignedAt: timestamp("customer_signed_at", { withTimezone: true }),
    customerComments: text("customer_comments"),
    status: text("status").notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * The customer was erased (GDPR art. 17): the protocol is kept for the F-gas record with the name,
     * installation address and signatures, without contact details, and its public link is closed.
     */
    customerErasedAt: timestamp("customer_erased_at", { withTimezone: true }),
  },
  (t) => [index("protocols_customer_idx").on(t.customerId), index("protocols_booking_idx").on(t.bookingId)],
);
