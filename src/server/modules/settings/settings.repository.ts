import { inArray } from "drizzle-orm";
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
