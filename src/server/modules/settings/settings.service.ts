import { companyProfile, type CompanyProfile } from "@/common/company";
import { DEFAULT_SYSTEM_SETTINGS, SETTING_KEYS, SystemSettingsSchema, type SystemSettings } from "@/common/schemas/settings";
import type { SettingsRepository } from "./settings.repository";

/**
 * How long one instance trusts what it read. A save clears this instance's copy at once; another
 * instance on the same database sees the change within this time (issue 11 asks for 5 seconds).
 */
export const SETTINGS_CACHE_MS = 2000;

/**
 * The stored settings over the §9 defaults. A stored value that no longer passes the schema (an
 * older version's key, a hand edit) falls back to its default rather than breaking every booking.
 */
async function readStored(repo: SettingsRepository): Promise<SystemSettings> {
  const rows = await repo.stored();
  const merged = { ...DEFAULT_SYSTEM_SETTINGS, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
  const parsed = SystemSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const valid = { ...DEFAULT_SYSTEM_SETTINGS };
  for (const key of SETTING_KEYS) {
    const candidate = { ...valid, [key]: merged[key] };
    if (SystemSettingsSchema.safeParse(candidate).success) Object.assign(valid, { [key]: merged[key] });
  }
  return valid;
}

export function createSettingsService(repo: SettingsRepository, { cacheMs = SETTINGS_CACHE_MS }: { cacheMs?: number } = {}) {
  let cached: { expires: number; value: Promise<SystemSettings> } | null = null;
  const listeners: (() => void)[] = [];

  function get(): Promise<SystemSettings> {
    if (cached && cached.expires > Date.now()) return cached.value;
    if (cacheMs === 0) return readStored(repo);
    const value = readStored(repo);
    const entry = { expires: Date.now() + cacheMs, value };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  }

  return {
    get,
    async company(): Promise<CompanyProfile> {
      return companyProfile(await get());
    },
    /** Called after this instance saved (e.g. to clear availability answers that depend on settings). */
    onChange(listener: () => void) {
      listeners.push(listener);
    },
    /** Stores every setting in one transaction and clears this instance's copy. */
    async save(values: SystemSettings): Promise<SystemSettings> {
      await repo.save(values);
      cached = null;
      for (const listener of listeners) listener();
      return get();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
