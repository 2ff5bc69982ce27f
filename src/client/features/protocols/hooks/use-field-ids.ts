import { useId } from "react";

/**
 * The form's element ids under one prefix of React's own (without the colons some React versions
 * put in it): labels, hints and aria-describedby point at this form's fields and nothing else's.
 */
export function useFieldIds(): (name: string) => string {
  const idPrefix = useId().replace(/:/g, "");
  return (name: string) => `${idPrefix}-${name}`;
}
