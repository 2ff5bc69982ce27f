import { MessageCircle } from "lucide-react";
import { chatLauncherProps, useChatLauncher } from "@/client/lib/chat-launcher";
import { chatLauncherText } from "./launcher-text";

/** The floating round button in the corner that opens ServiceBot (SPEC §2 navigation). */
export function ChatLauncherButton() {
  const { isOpen } = useChatLauncher();
  return (
    <button
      type="button"
      {...chatLauncherProps}
      aria-label={chatLauncherText.openChat}
      aria-expanded={isOpen}
      className="fixed bottom-4 right-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:bottom-6 sm:right-6"
    >
      <MessageCircle className="size-6" aria-hidden="true" />
    </button>
  );
}
