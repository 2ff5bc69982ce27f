import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { isApiError } from "@/client/lib/api-error";
import type { CurrentUser } from "@/client/lib/auth";
import { mayBeSignedIn } from "@/client/lib/session";

/** GET /api/admin/me: the admin when an admin session exists, else null (401 or 403). */
export async function getAdminSession(): Promise<CurrentUser | null> {
  try {
    return await apiFetch<CurrentUser>("/api/admin/me");
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) return null;
    throw error;
  }
}

/**
 * Asked only when this browser has logged in before (issue 8: a first-time visitor's console shows
 * no 401 on the public /admin/login page); otherwise there is no session and the form shows at once.
 */
export function useAdminSession() {
  return useQuery({ queryKey: ["/api/admin/me"], queryFn: () => (mayBeSignedIn() ? getAdminSession() : Promise.resolve(null)) });
}
