// Small contracts shared by many endpoints.
import { z } from "zod";

/** Answer of an action with nothing else to say. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.output<typeof OkSchema>;

/** Every error answer of the API: a Swedish message for people (rules §7 error format). */
export const ErrorSchema = z.object({ message: z.string() });

export const commonText = {
  invalidId: "Ogiltigt id",
} as const;

/**
 * The largest id: every id column is PostgreSQL's `integer` (serial). A larger number is no row
 * of ours, and PostgreSQL refuses to compare it with the column ("out of range"), which would be
 * a 500 instead of the client's 400.
 */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body (`customerId`, `productIds[]`, …): a whole number from 1 to MAX_ID. Fields
 * with a message of their own for people ('Välj kund') pass it; the rule is the same.
 */
export const idSchema = (message: string = commonText.invalidId) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message });
export const IdSchema = idSchema();

/**
 * An id written in a URL path, a query string or a multipart field: digits only, then the same rule
 * as IdSchema. Stricter than z.coerce.number, which reads "1e3", "0x10", " 12 " and "" as numbers.
 */
export const idTextSchema = (message: string = commonText.invalidId) =>
  z.string({ error: message }).regex(/^\d+$/, { error: message }).transform(Number).pipe(idSchema(message));
export const IdTextSchema = idTextSchema();

/** A numeric id in a URL (`/api/admin/bookings/:id`). */
export const IdParamsSchema = z.object({ id: IdTextSchema });
