import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { BookingImage } from "@/common/schemas/admin-bookings";
import { bookingQueryKey } from "./get-booking";

/** POST /api/booking/images (rules §7, multipart: image, caption, bookingId); staff are known by their session. 201. */
export function uploadBookingImage({ bookingId, file, caption }: { bookingId: number; file: File; caption: string }) {
  const body = new FormData();
  body.append("bookingId", String(bookingId));
  if (caption.trim()) body.append("caption", caption.trim());
  body.append("image", file, file.name);
  return apiFetch<BookingImage>("/api/booking/images", { method: "POST", body });
}

export function useUploadBookingImage(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; caption: string }) => uploadBookingImage({ bookingId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId) }),
  });
}
