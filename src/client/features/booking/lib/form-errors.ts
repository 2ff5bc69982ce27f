// react-hook-form error helpers for the wizard.

/**
 * The first message in a react-hook-form error, however deep: an array field (images) reports
 * its errors per item or on `root`.
 */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const record = error as Record<string, unknown>;
  if (typeof record.message === "string" && record.message) return record.message;
  for (const [key, value] of Object.entries(record)) {
    if (key === "ref" || key === "type" || key === "types") continue;
    const nested = firstErrorMessage(value);
    if (nested) return nested;
  }
  return undefined;
}
