// Whether any toast has been shown yet: the toast store raises it, the app's ToasterHost waits for it
// before loading the toast UI. Kept apart from the store so "/" loads neither (issue 7 budget).

let shown = false;
const listeners = new Set<() => void>();

export function signalToastShown() {
  if (shown) return;
  shown = true;
  listeners.forEach((listener) => listener());
}

export function hasShownToast(): boolean {
  return shown;
}

export function onFirstToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
