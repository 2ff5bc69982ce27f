import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { AdminOverview } from "@/common/schemas/admin-bookings";
import { adminOverviewQueryKey } from "../../lib/query-keys";

/** GET /api/admin/overview: today's visits, bookings made since the admin last looked, what needs attention. One request. */
export function getAdminOverview(signal?: AbortSignal) {
  return apiFetch<AdminOverview>("/api/admin/overview", { signal });
}

/** Fetched again each time /admin opens: the point of the overview is what happened meanwhile. */
export function useAdminOverview() {
  return useQuery({ queryKey: adminOverviewQueryKey, queryFn: ({ signal }) => getAdminOverview(signal), staleTime: 0 });
}
