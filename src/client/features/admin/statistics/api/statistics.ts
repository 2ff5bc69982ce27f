import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { Statistics, StatisticsPeriod } from "@/common/schemas/statistics";

/** GET /api/statistics?period: the figures of the chosen period. */
export function useStatistics(period: StatisticsPeriod) {
  return useQuery({
    queryKey: ["admin", "statistics", period],
    queryFn: ({ signal }) => apiFetch<Statistics>(`/api/statistics?period=${period}`, { signal }),
  });
}
