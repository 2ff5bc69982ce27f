import { useEffect, useSyncExternalStore } from "react";

// The ServiceBot dialog is opened from several places (the floating button, the landing page's
// buttons); they share this one state so there is only ever one dialog. It is a small store, not a
// React context: a context change would force the parts of a prerendered page that have not hydrated
// yet to render at once (lib/deferred-hydration).
//
// A button opens the chat by carrying `data-open-chat` (spread `chatLauncherProps`); one listener on
// the document (useChatLaunchers, mounted by the dialog's host) handles all of them, so a button
// works even while its part of the page still waits to hydrate. The dialog's code loads on the first
// sign of intent (pointer over, focus or touch on such a button) or at the latest on the click.

type ChatLauncherState = {
  isOpen: boolean;
  /** True once the dialog has been asked for (intent or open): its code is then loaded and kept. */
  wanted: boolean;
};

const CLOSED: ChatLauncherState = { isOpen: false, wanted: false };
let state: ChatLauncherState = CLOSED;
/** The button that opened the dialog: the focus goes back to it on close (on a phone a tap does not focus it). */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<ChatLauncherState>) {
  if (Object.entries(next).every(([key, value]) => state[key as keyof ChatLauncherState] === value)) return;
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const chatLauncher = {
  open: () => update({ isOpen: true, wanted: true }),
  setOpen: (isOpen: boolean) => update(isOpen ? { isOpen, wanted: true } : { isOpen }),
  /** Starts loading the dialog without opening it. */
  prepare: () => update({ wanted: true }),
};

/** The button that last opened the chat, while it is still on the page. */
export function chatOpener(): HTMLElement | null {
  return opener?.isConnected ? opener : null;
}

/** Tests: back to a closed chat whose code was never asked for. */
export function resetChatLauncher() {
  state = CLOSED;
  listeners.forEach((listener) => listener());
}

export function useChatLauncher(): ChatLauncherState & typeof chatLauncher {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
  return { ...current, ...chatLauncher };
}

export const CHAT_LAUNCHER_ATTRIBUTE = "data-open-chat";

/** Spread on a <button> that opens ServiceBot (no onClick needed: see useChatLaunchers). */
export const chatLauncherProps = { [CHAT_LAUNCHER_ATTRIBUTE]: "", "aria-haspopup": "dialog" } as const;

function launcherOf(event: Event): Element | null {
  return event.target instanceof Element ? event.target.closest(`[${CHAT_LAUNCHER_ATTRIBUTE}]`) : null;
}

/** Listens on the document for clicks on (and intent towards) every chat launcher button. */
export function useChatLaunchers() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const launcher = launcherOf(event);
      if (!(launcher instanceof HTMLElement)) return;
      opener = launcher;
      chatLauncher.open();
    };
    const onIntent = (event: Event) => {
      if (launcherOf(event)) chatLauncher.prepare();
    };
    // Capture phase: on a part of the page that has not hydrated yet, React stops a click at its root.
    document.addEventListener("click", onClick, true);
    for (const type of ["pointerover", "focusin", "touchstart"]) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      document.removeEventListener("click", onClick, true);
      for (const type of ["pointerover", "focusin", "touchstart"]) document.removeEventListener(type, onIntent, true);
    };
  }, []);
}
