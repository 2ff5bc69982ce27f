// Every cached answer of the admin screens starts with this key: a change to a booking refreshes the
// overview, the list and the booking's page at once (queryClient.invalidateQueries({ queryKey: adminQueryKey })).
export const adminQueryKey = ["admin"] as const;
export const adminBookingsQueryKey = [...adminQueryKey, "bookings"] as const;
export const adminOverviewQueryKey = [...adminQueryKey, "overview"] as const;
