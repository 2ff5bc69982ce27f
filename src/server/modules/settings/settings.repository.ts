import { inArray, sql } from "drizzle-orm";
import { SETTING_KEYS, type SystemSettings } from "@/common/schemas/settings";
import type { Db } from "../../db/client";
import { systemSettings } from "../../db/schema";

/** The system settings (rules D11), one row per key; what a value means is the service's. */
export function createSettingsRepository(db: Db) {
  return {
    /** The stored values of the known keys, as stored (a key never saved has no row). */
    async stored(): Promise<{ key: string; value: unknown }[]> {
      return db.select({ key: systemSettings.key, value: systemSettings.value }).from(systemSettings).where(inArray(systemSettings.key, SETTING_KEYS));
    },

    /** Stores every setting in one transaction. */
    async save(values: SystemSettings): Promise<void> {
      await db.transaction(async (tx) => {
        for (const key of SETTING_KEYS) {
          await tx
            .insert(systemSettings)
            .values({ key, value: values[key] })
            .onConflictDoUpdate({ target: systemSettings.key, set: { value: values[key], updatedAt: sql`now()` } });
        }
      });
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
