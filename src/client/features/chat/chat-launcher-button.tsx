import { MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/client/lib/cn";
import { chatLauncherProps, useChatLauncher } from "@/client/lib/chat-launcher";
import { chatLauncherText } from "./launcher-text";

/**
 * The floating round button in the corner that opens ServiceBot (rules §2 navigation). It never
 * covers a control (issue 8): it moves up the edge while one is beneath it, or steps aside.
 */
export function ChatLauncherButton() {
  const { isOpen } = useChatLauncher();
  const ref = useRef<HTMLButtonElement>(null);
  const [offset, setOffset] = useState<number | null>(0);
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    // The placement code loads at once when a control lies beneath the button (the wizard on a
    // phone), also one that appears there later without the visitor doing anything (a page whose
    // data arrives after it opened, such as the customer's booking link, issue 23), otherwise with
    // the first sign of the visitor (a scroll, a touch, a key): every page's JavaScript budget counts
    // what loads before that. Toasts come and go over everything; they are not the page's controls.
    let stop: (() => void) | null = null;
    let stopped = false;
    let started = false;
    let frame = 0;
    const events = ["scroll", "pointermove", "pointerdown", "touchstart", "keydown", "focusin"] as const;
    const changes = new MutationObserver(() => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        if (controlBeneath(button)) start();
      });
    });
    const start = () => {
      if (started) return;
      started = true;
      changes.disconnect();
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, start, true);
      import("./avoid-controls")
        .then(({ watchFreeOffset }) => {
          if (!stopped) stop = watchFreeOffset(button, setOffset, () => document.querySelector('[role="region"] > ol'));
        })
        .catch(() => {}); // without it the button simply stays in its corner
    };
    if (controlBeneath(button)) start();
    else {
      for (const type of events) window.addEventListener(type, start, { capture: true, passive: true });
      changes.observe(document.body, { childList: true, subtree: true });
    }
    return () => {
      stopped = true;
      changes.disconnect();
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, start, true);
      stop?.();
    };
  }, []);
  const away = offset === null;
  return (
    <button
      ref={ref}
      type="button"
      {...chatLauncherProps}
      aria-label={chatLauncherText.openChat}
      aria-expanded={isOpen}
      data-offset={offset ?? "away"}
      style={offset ? { transform: `translateY(-${offset}px)` } : undefined}
      className={cn(
        "fixed bottom-4 right-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-[transform,opacity,background-color] hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:bottom-6 sm:right-6",
        away && "invisible translate-x-24 opacity-0",
      )}
    >
      <MessageCircle className="size-6" aria-hidden="true" />
    </button>
  );
}

/** What a tap meant for the page could hit instead (the full list is in ./avoid-controls). */
const TAP_TARGETS = "a[href],button,input,select,textarea,label,[data-chat-avoid]";

/** Whether a control lies beneath the button now: its corners and centre, without loading ./avoid-controls. */
function controlBeneath(button: HTMLElement): boolean {
  if (typeof document.elementsFromPoint !== "function") return false; // (jsdom)
  const r = button.getBoundingClientRect();
  const points = [
    [r.left + 1, r.top + 1],
    [r.right - 1, r.top + 1],
    [r.left + 1, r.bottom - 1],
    [r.right - 1, r.bottom - 1],
    [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
  ];
  return points.some(([x, y]) => document.elementsFromPoint(x, y).some((e) => !button.contains(e) && e.matches(TAP_TARGETS)));
}
