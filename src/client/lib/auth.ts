import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import type { Role } from "@/common/constants";
import type { User } from "@/common/schemas/auth";
import { apiFetch } from "./api";
import { getSessionUser, setPendingLogout, setSessionUser } from "./session";
import { fetchSessionUser } from "./session-fetch";

export type CurrentUser = User;

export type LoginCredentials = { username: string; password: string; role: Role };

export const currentUserQueryKey = ["/api/auth/user"] as const;

/** Cached answers that are the same for every visitor and survive a login or logout. */
const KEEP_ACROSS_USERS = new Set<string>([currentUserQueryKey[0], "/api/public/config"]);

/**
 * GET /api/auth/user: the logged-in user, null when nobody is (401); rules §6 and §7. The answer also
 * goes to the light session store (lib/session.ts) the site header reads.
 */
export function fetchCurrentUser(): Promise<CurrentUser | null> {
  return fetchSessionUser();
}

/** The logged-in user (null when anonymous). Shared by guards and portals; starts from what the header already knows. */
export function useCurrentUser() {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, initialData: getSessionUser });
}

/**
 * Replaces the cached user and drops every other cached answer, so nothing one user fetched is
 * shown to the next one on a shared computer.
 */
export function replaceCurrentUser(queryClient: QueryClient, user: CurrentUser | null) {
  queryClient.removeQueries({
    predicate: (query) => !KEEP_ACROSS_USERS.has(String(query.queryKey[0])),
  });
  queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, user);
  setSessionUser(user);
}

/** POST /api/auth/login with the role of the chosen tab (rules D17). */
export function login(credentials: LoginCredentials): Promise<CurrentUser> {
  return apiFetch<CurrentUser>("/api/auth/login", { method: "POST", body: credentials });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => replaceCurrentUser(queryClient, user),
  });
}

/** Where a user lands after logging in: admins on the admin dashboard, technicians in their portal. */
export function homePathFor(user: Pick<CurrentUser, "role">): "/admin" | "/technician" {
  return user.role === "admin" ? "/admin" : "/technician";
}

export { anonymousRedirectPath, clearPendingLogout } from "./session";

/**
 * Logs out and navigates to `redirectTo`. A failing logout call is only logged (rules §8); the
 * client forgets the user either way. The user is cleared after the navigation so the page being
 * left does not first bounce through its own guard.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const logout = useCallback(
    async (redirectTo: string) => {
      setPending(true);
      setPendingLogout(redirectTo);
      try {
        await apiFetch("/api/auth/logout", { method: "POST" });
      } catch (error) {
        console.error("Utloggningen misslyckades", error);
      }
      try {
        await navigate(redirectTo, { replace: true });
      } finally {
        replaceCurrentUser(queryClient, null);
        setPending(false);
      }
    },
    [navigate, queryClient],
  );

  return { logout, isPending };
}
