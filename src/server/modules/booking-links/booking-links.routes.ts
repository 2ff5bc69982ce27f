import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BookingLinkViewSchema, LinkRefrigerantReportParamsSchema, LinkTokenParamsSchema, MoveBookingSchema } from "@/common/schemas/booking-links";
import type { BookingLinksService } from "./booking-links.service";
import { sendPdf } from "../../lib/pdf-reply";

// Public by design: the unguessable token in the path is the customer's key (rules D9).
export async function bookingLinksRoutes(fastify: FastifyInstance, { links }: { links: BookingLinksService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get("/api/booking-links/:token", { schema: { params: LinkTokenParamsSchema, response: { 200: BookingLinkViewSchema } } }, (request) =>
    links.view(request.params.token),
  );

  app.post("/api/booking-links/:token/cancel", { schema: { params: LinkTokenParamsSchema, response: { 200: BookingLinkViewSchema } } }, (request) =>
    links.cancel(request.params.token, request.ip),
  );

  app.post("/api/booking-links/:token/confirm", { schema: { params: LinkTokenParamsSchema, response: { 200: BookingLinkViewSchema } } }, (request) =>
    links.confirm(request.params.token, request.ip),
  );

  app.post(
    "/api/booking-links/:token/reschedule",
    { schema: { params: LinkTokenParamsSchema, body: MoveBookingSchema, response: { 200: BookingLinkViewSchema } } },
    (request) => links.move(request.params.token, request.body, request.ip),
  );

  app.get(
    "/api/booking-links/:token/calendar.ics",
    { schema: { params: LinkTokenParamsSchema, response: { 200: z.string().describe("text/calendar") } } },
    async (request, reply) => {
      const { id, ics } = await links.calendarFile(request.params.token);
      return reply.header("content-type", "text/calendar; charset=utf-8").header("content-disposition", `attachment; filename="${id}.ics"`).send(ics);
    },
  );

  // The customer's yearly refrigerant report (issue 26): the same PDF admins get, for the link's own
  // customer and the years its page offers only.
  app.get(
    "/api/booking-links/:token/refrigerant-report/:year.pdf",
    { schema: { params: LinkRefrigerantReportParamsSchema, response: { 200: z.string().describe("application/pdf") } } },
    async (request, reply) =>
      // A download, never indexed: the customer's personal data behind a secret.
      sendPdf(reply, { ...(await links.refrigerantReport(request.params.token, request.params.year)), disposition: "attachment", noindex: true }),
  );
}
