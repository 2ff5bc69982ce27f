import type { FastifyRequest } from "fastify";

// Paths and queries that carry a secret (each pattern: the part kept before it, and after it) (a customer's link token, a protocol's public id, a calendar
// feed's token, an image's link token): whoever reads the log must not be able to open them.
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/calendar\/)[^/?#]+(\.ics)/,
  /^(\/api\/booking-links\/)[^/?#]+()/,
  /^(\/booking\/shared\/)[^/?#]+()/,
  /^(\/api\/protocols\/)[^/?#]+()/,
  /^(\/protocol\/)[^/?#]+()/,
];

/** The URL with every secret replaced by "…". */
export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of SECRET_PATHS) redacted = redacted.replace(pattern, (_match, prefix: string, suffix: string) => `${prefix}…${suffix}`);
  return redacted.replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1…");
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
