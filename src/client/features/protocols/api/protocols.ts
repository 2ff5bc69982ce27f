import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/client/lib/api";
import type { CompanyDefaults, CustomerProtocol, Protocol, ProtocolInput, ProtocolListItem, ProtocolPhoto } from "@/common/schemas/protocols";
import type { TechnicianBooking } from "@/common/schemas/technician";

// Installation protocols' calls (rules §7 /api/technician/protocols, /api/protocols, /api/admin/protocols).

export const protocolsQueryKey = ["protocols"] as const;
const protocolKey = (id: number) => [...protocolsQueryKey, "one", id] as const;
export const customerProtocolKey = (publicId: string) => ["customer-protocol", publicId] as const;

/** POST /api/technician/protocol-photos (issue 23 point 9): a photo the browser cannot decode, as a JPEG data URL; 422 when it is broken. */
export async function convertProtocolPhoto(image: string): Promise<string> {
  return (await apiFetch<ProtocolPhoto>("/api/technician/protocol-photos", { method: "POST", body: { image } })).image;
}

export function useProtocols(search: string, scope: "technician" | "admin" = "technician", status?: string) {
  const params = new URLSearchParams();
  if (search.trim()) params.set("search", search.trim());
  if (status) params.set("status", status);
  const query = params.toString();
  return useQuery({
    queryKey: [...protocolsQueryKey, "list", scope, search.trim(), status ?? ""],
    queryFn: ({ signal }) => apiFetch<ProtocolListItem[]>(`/api/${scope}/protocols${query ? `?${query}` : ""}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProtocol(id: number | null) {
  return useQuery({
    queryKey: protocolKey(id ?? 0),
    queryFn: ({ signal }) => apiFetch<Protocol>(`/api/technician/protocols/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export type SavedProtocol = { id: number; publicId: string; status: Protocol["status"] };

/** POST (new) or PATCH (existing) /api/technician/protocols. */
export function useSaveProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ProtocolInput }) =>
      id === null
        ? apiFetch<SavedProtocol>("/api/technician/protocols", { method: "POST", body })
        : apiFetch<SavedProtocol>(`/api/technician/protocols/${id}`, { method: "PATCH", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: protocolsQueryKey }),
  });
}

export function useSendForSigning() {
  return useMutation({
    mutationFn: ({ id, resend }: { id: number; resend?: boolean }) =>
      apiFetch<{ message: string }>(`/api/technician/protocols/${id}/${resend ? "send-email" : "send-for-signing"}`, {
        method: "POST",
        body: resend ? undefined : {},
      }),
  });
}

export function useDeleteProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<{ ok: true }>(`/api/technician/protocols/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: protocolsQueryKey }),
  });
}

export function useCustomerProtocol(publicId: string) {
  return useQuery({
    queryKey: customerProtocolKey(publicId),
    queryFn: ({ signal }) => apiFetch<CustomerProtocol>(`/api/protocols/${encodeURIComponent(publicId)}`, { signal }),
    retry: false,
  });
}

export function useCustomerSign(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { customerSignature: string; customerComments: string }) =>
      apiFetch<CustomerProtocol>(`/api/protocols/${encodeURIComponent(publicId)}/customer-sign`, { method: "POST", body }),
    onSuccess: (protocol) => queryClient.setQueryData(customerProtocolKey(publicId), protocol),
  });
}

/** GET /api/technician/booking/{id}: the visit a new protocol is prefilled from (`?bookingId=`). */
export function getVisitForProtocol(bookingId: number): Promise<TechnicianBooking> {
  return apiFetch<TechnicianBooking>(`/api/technician/booking/${bookingId}`);
}

/** GET /api/technician/protocols/company-defaults: the installer company's details a new protocol starts with. */
export function getCompanyDefaults(): Promise<CompanyDefaults> {
  return apiFetch<CompanyDefaults>("/api/technician/protocols/company-defaults");
}
