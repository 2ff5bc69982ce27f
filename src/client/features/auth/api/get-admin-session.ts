import { useQuery } from "@tanstack/react-query";
import { apiFetch, isApiError } from "@/client/lib/api";
import type { CurrentUser } from "@/client/lib/auth";

/** GET /api/admin/me: the admin when an admin session exists, else null (401 or 403). */
export async function getAdminSession(): Promise<CurrentUser | null> {
  try {
    return await apiFetch<CurrentUser>("/api/admin/me");
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) return null;
    throw error;
  }
}

export function useAdminSession() {
  return useQuery({ queryKey: ["/api/admin/me"], queryFn: getAdminSession });
}
