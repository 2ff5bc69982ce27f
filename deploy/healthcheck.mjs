// A container health check without curl (the slim image has none): exits 0 when GET <path> on this
// container's server answers 2xx within 4 s, 1 otherwise. The image's HEALTHCHECK asks
// /api/health/live; compose.yaml asks /api/health/ready.
//   node healthcheck.mjs /api/health/ready
const path = process.argv[2] ?? "/api/health/live";
const port = process.env.PORT ?? "3000";

try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4_000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
