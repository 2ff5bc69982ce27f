import type { FieldChange } from "@/common/schemas/customers";

type Value = string | number | null | undefined;

/** A value as the change history keeps it: text, or null for nothing (so "" and null are the same). */
const kept = (value: Value): string | null => (value === null || value === undefined || value === "" ? null : String(value));

/**
 * The fields whose value differs between `before` and `after`, in the order of `fields`, each with
 * both values (the register's change history, issue 23 point 8). Pure: the caller maps its columns
 * to the names the API uses first, so the history speaks the form's language.
 */
export function fieldChanges<F extends string>(before: Record<F, Value>, after: Record<F, Value>, fields: readonly F[]): FieldChange[] {
  return fields.flatMap((field) => {
    const from = kept(before[field]);
    const to = kept(after[field]);
    return from === to ? [] : [{ field, from, to }];
  });
}
