// Small contracts shared by many endpoints.
import { z } from "zod";

/** Answer of an action with nothing else to say. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.output<typeof OkSchema>;

/** Every error answer of the API: a Swedish message for people (SPEC §7 error format). */
export const ErrorSchema = z.object({ message: z.string() });

/** A numeric id in a URL (`/api/admin/bookings/:id`): a positive 32-bit integer. */
export const IdParamsSchema = z.object({
  id: z.coerce.number({ error: "Ogiltigt id" }).int({ error: "Ogiltigt id" }).positive({ error: "Ogiltigt id" }).max(2_147_483_647, { error: "Ogiltigt id" }),
});
