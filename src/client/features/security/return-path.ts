/**
 * The `?return=` of /admin/security (rules §2) only when it is a path on this site: it starts with a
 * single "/" and stays on this origin once the browser resolves it. Anything else ("//evil.example",
 * "/\evil.example", "https://evil.example", "javascript:…", encoded variants) gives `fallback`, so
 * the page cannot be used to send a user elsewhere after they typed their password.
 */
export function safeReturnPath(requested: string | null | undefined, fallback: string): string {
  if (!requested || !requested.startsWith("/") || requested.startsWith("//") || requested.includes("\\")) return fallback;
  if ([...requested].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(requested);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || decoded.includes("\\")) return fallback;
  const base = "https://same.site.invalid";
  let url: URL;
  try {
    url = new URL(requested, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
