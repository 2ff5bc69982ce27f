import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { serverText } from "../lib/text";

/**
 * Serves the built single-page client (when there is one) and answers every unknown path:
 * API paths with a JSON 404, client routes with index.html (the client router decides).
 */
export async function registerClient(app: FastifyInstance, clientDir: string | null) {
  const hasClient = clientDir !== null && existsSync(join(clientDir, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!hasClient || request.method !== "GET" || request.url.startsWith("/api/")) return reply.status(404).send({ message: serverText.notFound });
    // Client-side routes (and its '404 Page Not Found') are decided by the client router.
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
