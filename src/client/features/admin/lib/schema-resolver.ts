import { set, type FieldError, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver for a form whose fields are text as typed ("1 234,50") while the API's
 * schema wants numbers (öre): `toInput` converts (NaN for what cannot be read, so the schema says
 * what is wrong), the shared schema checks, and `fieldOf` names the form field of each issue's path.
 * `problems` adds messages the schema cannot give (a number that is not a number at all); the first
 * message of a field wins. The submit handler receives the schema's output, exactly what is sent.
 */
export function schemaResolver<TValues extends FieldValues, TOutput>({
  schema,
  toInput,
  fieldOf,
  problems = () => [],
}: {
  schema: z.ZodType<TOutput>;
  toInput: (values: TValues) => unknown;
  fieldOf: (path: readonly PropertyKey[]) => string;
  problems?: (values: TValues) => [field: string, message: string][];
}): Resolver<TValues, unknown, TOutput> {
  return async (values) => {
    const result = schema.safeParse(toInput(values));
    const extra = problems(values);
    if (result.success && extra.length === 0) return { values: result.data, errors: {} };
    const byField = new Map<string, FieldError>();
    const add = (field: string, message: string, type: string) => {
      if (!byField.has(field)) byField.set(field, { type, message });
    };
    for (const [field, message] of extra) add(field, message, "parse");
    if (!result.success) for (const issue of result.error.issues) add(fieldOf(issue.path), issue.message, issue.code);
    const errors: FieldErrors<TValues> = {};
    for (const [field, error] of byField) set(errors, field, error);
    return { values: {}, errors };
  };
}
