import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it.each([
    ["/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics", "/api/calendar/….ics"],
    ["/api/booking-links/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/calendar.ics", "/api/booking-links/…/calendar.ics"],
    ["/booking/shared/AbCdEfGhIjKlMnOp?x=1", "/booking/shared/…?x=1"],
    ["/api/protocols/abc123/customer-sign", "/api/protocols/…/customer-sign"],
    ["/protocol/abc123", "/protocol/…"],
    ["/api/booking/images/5/file?token=hemligt&size=2", "/api/booking/images/5/file?token=…&size=2"],
    ["/api/admin/google/callback?code=4%2F0Ab&state=xyz", "/api/admin/google/callback?code=…&state=…"],
    ["/api/admin/bookings?q=Andersson", "/api/admin/bookings?q=Andersson"],
  ])("%s is logged as %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
