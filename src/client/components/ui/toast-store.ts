import { useEffect, useState, type ReactNode } from "react";
import { signalToastShown } from "./toast-signal";

// In-app notifications (rules §4 "Other states", §9): one visible at a time, a new one replaces the
// previous, auto-close after 5 s, swipe right 50 px to dismiss, F8 focuses the region.
// Usage anywhere (components or plain functions): toast({ title: "Inloggad", description: "..." }).

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast is kept in state before it is dropped (rules §4). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before auto-close; defaults to TOAST_DURATION_MS. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

type State = { toasts: ToastItem[] };

let state: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: State) {
  state = next;
  listeners.forEach((listener) => listener(state));
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all when no id is given. */
export function dismissToast(id?: string) {
  state.toasts.filter((t) => id === undefined || t.id === id).forEach((t) => scheduleRemoval(t.id));
  setState({ toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) });
}

/** Shows a toast; it replaces whatever toast is showing. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { ...input, id, open: true };
  signalToastShown(); // the app mounts the toast UI now (toaster-host)
  setState({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

/** Test helper: forget every toast and timer. */
export function resetToasts() {
  removeTimers.forEach((timer) => clearTimeout(timer));
  removeTimers.clear();
  setState({ toasts: [] });
}

export function useToast() {
  const [current, setCurrent] = useState(state);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(state);
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
