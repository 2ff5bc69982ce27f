import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { ChangePassword } from "@/common/schemas/auth";

/** POST /api/auth/change-password (rules §7). */
export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePassword) => apiFetch("/api/auth/change-password", { method: "POST", body: input }) });
}
