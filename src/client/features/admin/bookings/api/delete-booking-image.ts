import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import { bookingQueryKey } from "./get-booking";

/** DELETE /api/booking/images/{imageId} (rules §7): staff may delete any image of a booking. */
export function deleteBookingImage(imageId: number) {
  return apiFetch<{ ok: true }>(`/api/booking/images/${imageId}`, { method: "DELETE" });
}

export function useDeleteBookingImage(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookingImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId) }),
  });
}
