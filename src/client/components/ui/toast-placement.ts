// Where the toasts sit (issue 23: on a phone a toast covered the very field it was about). The rule:
// a phone shows them at the top, below the sticky header (visible above an open keyboard, never over
// the menu button: issue 8), a larger screen in the bottom corner; either moves to the other edge
// when it would cover the field being talked about: the focused field, or one marked invalid, with
// its label and its message.

export type ToastSide = "top" | "bottom";

/** The toasts' edge on this screen when nothing is in the way (sm, 40rem, is Tailwind's phone limit). */
export function preferredSide(): ToastSide {
  return typeof window.matchMedia === "function" && window.matchMedia("(min-width: 40rem)").matches ? "bottom" : "top";
}

/** The sticky header's height: the top edge's toasts start below it (the viewport's `top-16`). */
const HEADER_REM = 4;

type Box = { top: number; bottom: number; left: number; right: number };

const FIELDS = "input, select, textarea, [role='radio'], [role='checkbox'], [role='combobox']";

/** A field's parts that must stay visible: the field, its labels and its messages (aria-describedby). */
function partsOf(field: Element): Element[] {
  const parts: Element[] = [field];
  if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) parts.push(...(field.labels ?? []));
  for (const id of field.getAttribute("aria-describedby")?.split(/\s+/) ?? []) {
    const message = id ? document.getElementById(id) : null;
    if (message) parts.push(message);
  }
  return parts;
}

function boxesOf(elements: Iterable<Element>): Box[] {
  return [...elements]
    .flatMap(partsOf)
    .map((part) => part.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight);
}

const overlaps = (a: Box, b: Box) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * The edge for the toasts in `viewport` (their fixed list, as tall as they are): the one that covers
 * less of what the toast is about. The focused field counts first (a form focuses the first field
 * with an error), then every field marked invalid; on a tie the preferred edge.
 */
export function toastSide(viewport: HTMLElement): ToastSide {
  const preferred = preferredSide();
  const rect = viewport.getBoundingClientRect();
  if (rect.height === 0) return preferred;
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const at = (side: ToastSide): Box => {
    const top = side === "top" ? HEADER_REM * rem : window.innerHeight - rect.height;
    return { top, bottom: top + rect.height, left: rect.left, right: rect.right };
  };
  const active = document.activeElement?.matches(FIELDS) ? boxesOf([document.activeElement]) : [];
  const invalid = boxesOf(document.querySelectorAll("[aria-invalid='true']"));
  const cost = (side: ToastSide) => {
    const box = at(side);
    return 1000 * active.filter((part) => overlaps(box, part)).length + invalid.filter((part) => overlaps(box, part)).length;
  };
  const other: ToastSide = preferred === "top" ? "bottom" : "top";
  return cost(other) < cost(preferred) ? other : preferred;
}
