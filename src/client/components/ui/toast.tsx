import * as ToastPrimitives from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { cn } from "@/client/lib/cn";
import { uiText } from "./text";
import { preferredSide, toastSide, type ToastSide } from "./toast-placement";
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToast, type ToastVariant } from "./toast-store";

// The toast UI (Radix). The store lives in ./toast-store so pages can call toast() without loading
// this; the app mounts the UI lazily with the first toast (./toaster-host).
export * from "./toast-store";

const variantClasses: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-800 bg-red-700 text-white",
};

/**
 * Keeps the toasts off the field they are about (./toast-placement): placed when a toast opens, and
 * again when the focus moves, the page scrolls or the window resizes while one shows.
 */
function useToastSide(viewport: RefObject<HTMLOListElement | null>, shown: string | null): ToastSide {
  const [side, setSide] = useState<ToastSide>(preferredSide);
  useLayoutEffect(() => {
    if (!shown) return;
    let frame = 0;
    const place = () => {
      if (viewport.current) setSide(toastSide(viewport.current));
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    place();
    const events = ["focusin", "scroll", "resize"] as const;
    for (const type of events) window.addEventListener(type, schedule, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      for (const type of events) window.removeEventListener(type, schedule, true);
    };
  }, [viewport, shown]);
  return side;
}

/** Renders the toasts; mount once near the root of the app. */
export function Toaster() {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  // The toast showing (one at a time): each new one is placed afresh.
  const side = useToastSide(viewport, toasts.find((t) => t.open)?.id ?? null);
  return (
    <ToastPrimitives.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label={uiText.toastLabel}>
      {toasts.map(({ id, title, description, variant = "default", duration, open }) => (
        <ToastPrimitives.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          data-variant={variant}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0",
            "data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity",
            variantClasses[variant],
          )}
        >
          <div className="grid gap-1">
            {title && <ToastPrimitives.Title className="text-sm font-semibold">{title}</ToastPrimitives.Title>}
            {description && <ToastPrimitives.Description className="text-sm">{description}</ToastPrimitives.Description>}
          </div>
          <ToastPrimitives.Close
            aria-label={uiText.close}
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitives.Close>
        </ToastPrimitives.Root>
      ))}
      <ToastPrimitives.Viewport
        ref={viewport}
        hotkey={["F8"]}
        label={uiText.toastRegion}
        // At the top below the sticky header (4 rem: never over its menu button, issue 8) or at the
        // bottom, whichever leaves the field the toast is about in view (./toast-placement).
        data-side={side}
        className="pointer-events-none fixed right-0 z-[100] flex max-h-[calc(100dvh-4rem)] w-full flex-col gap-2 p-4 outline-none data-[side=bottom]:bottom-0 data-[side=top]:top-16 sm:max-w-sm"
      />
    </ToastPrimitives.Provider>
  );
}
