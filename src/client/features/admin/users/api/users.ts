import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CreateUser, StaffUser } from "@/common/schemas/users";

export const usersQueryKey = ["admin", "users"] as const;

/** GET /api/admin/users (rules §7). */
export function useUsers() {
  return useQuery({ queryKey: usersQueryKey, queryFn: ({ signal }) => apiFetch<StaffUser[]>("/api/admin/users", { signal }) });
}

/** POST /api/admin/users: username, name, password, role (and an optional phone). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUser) => apiFetch<StaffUser>("/api/admin/users", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

/** DELETE /api/admin/users/:id: the user's sessions end at once. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ ok: true }>(`/api/admin/users/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
