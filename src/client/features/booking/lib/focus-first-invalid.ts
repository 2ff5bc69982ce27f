import type { FieldErrors } from "react-hook-form";
import type { BookingFormValues } from "@/common/schemas/bookings";

/**
 * Scrolls the first field of `fields` that has an error into view with its label and message, and
 * focuses it (rules §8 'Formulärfel'; issue 8: on a phone the service choice's message was 1 100 px
 * below the top). A field's group (`data-field-group`) is what is scrolled to, below the sticky header
 * (the page's scroll-padding, theme.css); the toast keeps clear of it (components/ui/toast-placement).
 */
export function focusFirstInvalid(root: HTMLFormElement | null, fields: readonly string[], errors: FieldErrors<BookingFormValues>) {
  const name = fields.find((f) => errors[f as keyof BookingFormValues]);
  if (!name) return;
  const target =
    root?.querySelector<HTMLElement>(`[data-field="${name}"]:not([disabled])`) ??
    root?.querySelector<HTMLElement>(`[name="${name}"]:checked:not([disabled])`) ??
    root?.querySelector<HTMLElement>(`[name="${name}"]:not([disabled])`);
  if (!target) return;
  const group =
    root?.querySelector<HTMLElement>(`[data-field-group="${name}"]`) ??
    (target.id ? root?.querySelector<HTMLElement>(`label[for="${target.id}"]`) : null) ??
    target;
  group.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}
