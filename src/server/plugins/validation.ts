import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { serializerCompiler, validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";
import { sv } from "zod/locales";
import { AppError } from "../lib/errors";
import { serverText } from "../lib/text";

// Zod's own messages (for rules without a message of ours) in Swedish, like everything else; a
// field left out whose schema names no message gets a sentence, not the locale's "förväntat
// object, fick undefined".
z.config(sv());
z.config({ customError: (issue) => (issue.code === "invalid_type" && issue.input === undefined ? serverText.missingField : undefined) });

/** C0 control characters and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when any string (or object key) anywhere in `value` holds a control character. */
export function containsControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value);
  if (value === null || typeof value !== "object" || depth > 64) return false;
  // Uploaded files are bytes, not text: never walk them byte by byte.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  if (Array.isArray(value)) return value.some((item) => containsControlCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => CONTROL_CHARACTER.test(key) || containsControlCharacter(item, depth + 1));
}

/**
 * The one place request input is validated (body, query, params, headers of every route): text with
 * control characters is refused (PostgreSQL refuses NUL, and no form needs the others), then the
 * route's zod schema decides. Whatever a schema does with hostile input (a `null` body reaching a
 * refinement, say), the answer is a 400, never a 500.
 */
const validatorCompiler: FastifySchemaCompiler<ZodType> = (routeSchema) => {
  const validate = zodValidatorCompiler(routeSchema);
  return (data: unknown) => {
    if (containsControlCharacter(data)) return { error: new AppError("CONTROL_CHARACTER", 400, serverText.controlCharacter) };
    try {
      return validate(data);
    } catch {
      return { error: new AppError("INVALID_INPUT", 400, serverText.invalidInput) };
    }
  };
};

export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
