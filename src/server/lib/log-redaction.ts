import { isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";

// Paths that carry a secret, each pattern as (the part kept before it)(the part kept after it):
// a customer's link token, a protocol's public id, a calendar feed's token, a service reminder's
// token (its offer and its unsubscribe link), an invoice's customer token, a service agreement's token. Whoever reads the log must not be able to open them.
// log-redaction.routes.test.ts walks every route with a parameter that is not a numeric id and
// fails for one missing here.
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/calendar\/)[^/?#]+(\.ics)/,
  /^(\/api\/booking-links\/)[^/?#]+()/,
  /^(\/booking\/shared\/)[^/?#]+()/,
  /^(\/api\/protocols\/)[^/?#]+()/,
  /^(\/protocol\/)[^/?#]+()/,
  /^(\/api\/invoices\/)[^/?#]+()/,
  /^(\/faktura\/)[^/?#]+()/,
  /^(\/api\/agreements\/)[^/?#]+()/,
  /^(\/avtal\/)[^/?#]+()/,
  /^(\/api\/service-reminders\/(?:offer|unsubscribe)\/)[^/?#]+()/,
];

/**
 * Query parameters that carry a secret: an image's link token, Google's OAuth code and state, and
 * the service reminder's offer on the booking page (`/booking?erbjudande=`).
 */
const SECRET_QUERY = /([?&](?:token|code|state|erbjudande)=)[^&#]*/gi;

/** The URL with every secret replaced by "…". */
export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of SECRET_PATHS) redacted = redacted.replace(pattern, (_match, prefix: string, suffix: string) => `${prefix}…${suffix}`);
  return redacted.replace(SECRET_QUERY, "$1…");
}

/**
 * A client address with its host part cut off (IPv4 to its /24, IPv6 to its /48), as analytics tools
 * anonymise them: a full address is personal data, the network still tells an operator where a
 * flood comes from. The abuse limits count full addresses in the database, not in the log.
 */
export function maskAddress(address: string | undefined): string | undefined {
  if (!address) return address;
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.0`;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 3).join(":")}::`;
  return "…";
}

function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: address.includes("::") ? missing : 0 }, () => "0"), ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}

/** Fastify's request serializer: the URL without its secrets, the client's address without its host part. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: maskAddress(request.ip) };
}
