/**
 * The record id in a URL ('/technician/booking/:id', '/admin/bookings/:id'): a positive whole number,
 * null for anything else, so a page answers a mistyped address with 'not found' rather than a request.
 */
export function parseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
