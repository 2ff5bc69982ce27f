import { apiFetch } from "@/client/lib/api";
import type { ReminderOffer } from "@/common/schemas/service-reminders";

/** GET /api/service-reminders/offer/:token: the reminder's details and discount. */
export function getReminderOffer(token: string): Promise<ReminderOffer> {
  return apiFetch<ReminderOffer>(`/api/service-reminders/offer/${encodeURIComponent(token)}`);
}
