import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { replaceCurrentUser, type CurrentUser } from "@/client/lib/auth";

export type AdminCredentials = { username: string; password: string };

/** POST /api/admin/login (rules §7): success goes to /admin/dashboard. */
export function adminLogin(credentials: AdminCredentials): Promise<CurrentUser> {
  return apiFetch<CurrentUser>("/api/admin/login", { method: "POST", body: credentials });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (user) => replaceCurrentUser(queryClient, user),
  });
}
