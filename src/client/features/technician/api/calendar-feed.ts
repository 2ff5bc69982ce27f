import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CalendarFeed } from "@/common/schemas/integrations";
import { technicianQueryKey } from "./visits";

/** GET /api/technician/calendar-feed: the technician's own feed address, fetched only when asked for (refetch). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: [...technicianQueryKey, "calendar-feed"],
    queryFn: ({ signal }) => apiFetch<CalendarFeed>("/api/technician/calendar-feed", { signal }),
    enabled: false,
  });
}
