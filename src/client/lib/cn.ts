import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, conditionals, arrays). No Tailwind conflict resolution: tailwind-merge
 * weighed ~7 KB gzip on every public page. So a component's own classes and the ones a caller adds
 * must never set the same property (two `bg-*`, two `py-*`); a component offers a prop or a default
 * that the caller's classes replace instead (see Spinner's padding, TabsList's layout).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
