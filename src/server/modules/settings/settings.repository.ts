import { inArray } from "drizzle-orm";
import { COMPANY } from "@/common/constants";
import type { Db } from "../../db/client";
import { systemSettings } from "../../db/schema";

// SPEC §9 settings defaults; stored values override them (DECISIONS 11).
export const DEFAULT_SETTINGS = {
  autoConfirmBookings: true,
  maxBookingsPerDay: 8,
  sendCustomerConfirmation: true,
  emailNotifications: true,
} as const;
export type Settings = { -readonly [K in keyof typeof DEFAULT_SETTINGS]: (typeof DEFAULT_SETTINGS)[K] extends boolean ? boolean : number };

export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.select().from(systemSettings).where(inArray(systemSettings.key, Object.keys(DEFAULT_SETTINGS)));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return { ...DEFAULT_SETTINGS, ...stored } as Settings;
}

/** SPEC §3 system settings: the company's own details (DECISIONS 11: stored values override the defaults). */
export const DEFAULT_COMPANY_SETTINGS = {
  companyName: COMPANY.name,
  orgNumber: COMPANY.orgNumber,
  companyPhone: COMPANY.phone,
  companyEmail: COMPANY.email,
  companyAddress: `${COMPANY.address}, ${COMPANY.postalCode} ${COMPANY.city}`,
} as const;
export type CompanySettings = { -readonly [K in keyof typeof DEFAULT_COMPANY_SETTINGS]: string };

export async function readCompanySettings(db: Db): Promise<CompanySettings> {
  const rows = await db.select().from(systemSettings).where(inArray(systemSettings.key, Object.keys(DEFAULT_COMPANY_SETTINGS)));
  const stored = Object.fromEntries(rows.filter((r) => typeof r.value === "string" && r.value.trim()).map((r) => [r.key, r.value as string]));
  return { ...DEFAULT_COMPANY_SETTINGS, ...stored };
}
