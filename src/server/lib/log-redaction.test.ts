import { describe, expect, it } from "vitest";
import { maskAddress, redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it.each([
    ["/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics", "/api/calendar/….ics"],
    ["/api/booking-links/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/calendar.ics", "/api/booking-links/…/calendar.ics"],
    ["/api/booking-links/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/refrigerant-report/2026.pdf", "/api/booking-links/…/refrigerant-report/2026.pdf"],
    ["/booking/shared/AbCdEfGhIjKlMnOp?x=1", "/booking/shared/…?x=1"],
    ["/api/protocols/abc123/customer-sign", "/api/protocols/…/customer-sign"],
    ["/protocol/abc123", "/protocol/…"],
    ["/faktura/Abc123-_xyz", "/faktura/…"],
    ["/api/invoices/Abc123-_xyz/pdf", "/api/invoices/…/pdf"],
    ["/avtal/Abc123-_xyzAbc123-_xyzAbc123-_xy", "/avtal/…"],
    ["/api/agreements/Abc123-_xyzAbc123-_xyzAbc123-_xy/accept", "/api/agreements/…/accept"],
    ["/api/booking/images/5/file?token=hemligt&size=2", "/api/booking/images/5/file?token=…&size=2"],
    ["/api/admin/google/callback?code=4%2F0Ab&state=xyz", "/api/admin/google/callback?code=…&state=…"],
    ["/api/service-reminders/offer/AbCdEfGhIjKlMnOp", "/api/service-reminders/offer/…"],
    ["/api/service-reminders/unsubscribe/AbCdEfGhIjKlMnOp", "/api/service-reminders/unsubscribe/…"],
    ["/booking?service=service&erbjudande=AbCdEfGhIjKlMnOp", "/booking?service=service&erbjudande=…"],
    ["/booking?erbjudande=AbCd&service=service", "/booking?erbjudande=…&service=service"],
    ["/api/admin/bookings?q=Andersson", "/api/admin/bookings?q=Andersson"],
  ])("%s is logged as %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe("maskAddress", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    ["::ffff:198.51.100.9", "198.51.100.0"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
    ["2001:db8::1", "2001:db8:0::"],
    ["::1", "0:0:0::"],
    ["inte-en-adress", "…"],
  ])("%s is logged as %s", (address, logged) => {
    expect(maskAddress(address)).toBe(logged);
  });
});
