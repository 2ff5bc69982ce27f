import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BookingImageSchema } from "@/common/schemas/admin-bookings";
import { IdParamsSchema, IdTextSchema, OkSchema } from "@/common/schemas/common";
import { IMAGE_UPLOADERS } from "@/common/constants";
import { MAX_IMAGE_BYTES } from "@/common/schemas/images";
import { bookingServerText } from "../bookings/bookings.text";
import type { BookingImagesService } from "./booking-images.service";

/**
 * The uploaded file's bytes, out of reach of generic walks over the request body: the input
 * validation looks at every property of a body for control characters, and walking a 10 MB Buffer
 * byte by byte took 14 s and 1.6 GB. A private field is not a property, so the walk skips it.
 */
export class UploadedImage {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const TokenQuery = z.object({ token: z.string().max(100).optional() });
const ImageIdParams = z.object({ imageId: IdTextSchema });

/** rules §7 multipart upload: image, caption, bookingId, uploadedBy (decided by the server), and a customer's token. */
const UploadBodySchema = z.object({
  image: z.instanceof(UploadedImage, { error: bookingServerText.imageRequired }),
  caption: z.string().max(200).optional(),
  bookingId: IdTextSchema.optional(),
  uploadedBy: z.enum(IMAGE_UPLOADERS).optional(),
  token: z.string().max(100).optional(),
});

// Public at the prefix: staff are recognised by their session, customers by their link token, and
// the service decides per image (see docs/decisions/0003-public-routes.md).
export async function bookingImagesRoutes(fastify: FastifyInstance, { images }: { images: BookingImagesService }) {
  // Multipart is parsed only in this plugin's scope; other routes answer 415 to it.
  await fastify.register(multipart, {
    attachFieldsToBody: "keyValues",
    // The file arrives as an UploadedImage (see above); toBuffer refuses one over fileSize with 413.
    onFile: async (part) => {
      part.value = new UploadedImage(await part.toBuffer());
    },
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 6, fieldSize: 1024, parts: 8 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post("/api/booking/images", { schema: { body: UploadBodySchema, response: { 201: BookingImageSchema } } }, async (request, reply) => {
    const { image, caption, bookingId, token } = request.body;
    return reply.status(201).send(await images.upload({ user: request.user, token, clientAddress: request.ip }, { bookingId, caption, bytes: image.bytes }));
  });

  app.delete("/api/booking/images/:imageId", { schema: { params: ImageIdParams, querystring: TokenQuery, response: { 200: OkSchema } } }, async (request) => {
    await images.delete({ user: request.user, token: request.query.token, clientAddress: request.ip }, request.params.imageId);
    return { ok: true as const };
  });

  app.get(
    "/api/booking/images/:id/file",
    { schema: { params: IdParamsSchema, querystring: TokenQuery, response: { 200: z.any().describe("image/jpeg") } } },
    async (request, reply) => {
      const file = await images.file({ user: request.user, token: request.query.token, clientAddress: request.ip }, request.params.id);
      return reply.header("content-type", file.contentType).header("content-disposition", "inline").send(Buffer.from(file.data));
    },
  );
}
