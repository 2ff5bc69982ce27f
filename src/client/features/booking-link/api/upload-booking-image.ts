import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingImage } from "@/common/schemas/admin-bookings";
import { bookingLinkQueryKey } from "./get-booking-link";

/**
 * POST /api/booking/images (rules §7), multipart: the image, its caption and the customer's link
 * token (the server decides who uploads: a customer, by the token). 403 when the link does not allow updates.
 */
export function uploadBookingImage({ token, file, caption }: { token: string; file: File; caption: string }) {
  const body = new FormData();
  body.append("token", token);
  if (caption.trim()) body.append("caption", caption.trim());
  body.append("image", file, file.name);
  return apiFetch<BookingImage>("/api/booking/images", { method: "POST", body });
}

export function useUploadBookingImage(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; caption: string }) => uploadBookingImage({ token, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingLinkQueryKey(token) }),
  });
}
