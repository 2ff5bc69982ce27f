// Issue 8: the floating chat button must never cover a control on a phone. While a control (a form
// field, a button, a link, the image list) lies beneath its corner, the button moves up the right
// edge to the nearest free place; if there is none it steps aside until there is.

/** What the button must not cover. `data-chat-avoid` marks areas such as the image list. */
const CONTROLS =
  'a[href],button,input,select,textarea,label,summary,[role="button"],[role="radio"],[role="checkbox"],[role="link"],[tabindex]:not([tabindex="-1"]),[data-chat-avoid]';
/**
 * Dialogs lie above the button and the page (ServiceBot's own send and close buttons among them): the
 * button does not step aside for them, which would leave it hidden where the focus returns on close.
 */
const LAYERS_ABOVE = '[role="dialog"],[role="alertdialog"]';
const GAP = 6; // px kept free around the button
const STEP = 8; // px between the places tried

type Box = { left: number; top: number; right: number; bottom: number };

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * How far up (px) the button must move from its corner to cover no control, or null when no place
 * up to 60 % of the screen's height is free. `button` is left out, and so is everything inside `ignore`.
 */
export function freeOffset(button: HTMLElement, ignore: Element | null = null): number | null {
  const style = getComputedStyle(button);
  const size = button.offsetWidth;
  const right = window.innerWidth - (Number.parseFloat(style.right) || 0);
  const bottom = window.innerHeight - (Number.parseFloat(style.bottom) || 0);
  const strip = { left: right - size - GAP, right: right + GAP };
  const obstacles: Box[] = [];
  for (const element of document.querySelectorAll(CONTROLS)) {
    if (element === button || button.contains(element) || ignore?.contains(element) || element.closest(LAYERS_ABOVE)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.right <= strip.left || rect.left >= strip.right) continue;
    if (rect.bottom < 0 || rect.top > window.innerHeight) continue;
    obstacles.push(rect);
  }
  for (let offset = 0; offset <= window.innerHeight * 0.6; offset += STEP) {
    const box = { left: strip.left, right: strip.right, top: bottom - offset - size - GAP, bottom: bottom - offset + GAP };
    if (!obstacles.some((o) => overlaps(box, o))) return offset;
  }
  return null;
}

/** Calls `place` with freeOffset whenever the page scrolls, resizes or changes; returns the stop function. */
export function watchFreeOffset(button: HTMLElement, place: (offset: number | null) => void, ignore?: () => Element | null): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      place(freeOffset(button, ignore?.() ?? null));
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, { childList: true, subtree: true });
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    window.removeEventListener("scroll", schedule);
    window.removeEventListener("resize", schedule);
  };
}
