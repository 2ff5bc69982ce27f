import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { bookingLinkQueryKey } from "./get-booking-link";

/** DELETE /api/booking/images/:id?token= : the customer's own image, while the link allows updates. */
export function deleteBookingImage({ token, imageId }: { token: string; imageId: number }) {
  return apiFetch<{ ok: true }>(`/api/booking/images/${imageId}?${new URLSearchParams({ token })}`, { method: "DELETE" });
}

export function useDeleteBookingImage(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) => deleteBookingImage({ token, imageId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingLinkQueryKey(token) }),
  });
}
