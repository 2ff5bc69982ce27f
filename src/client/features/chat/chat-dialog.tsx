import { Bot } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { useChatLauncher } from "@/client/lib/chat-launcher";
import { chatText } from "./text";

/**
 * The ServiceBot dialog shell: opened from the floating button or the landing page (shared state in
 * lib/chat-launcher). The conversation itself (SPEC §2 ServiceBot dialog, §7 POST /api/chatbot/troubleshoot)
 * is added by the chat issue; this shell only greets.
 */
export function ChatDialog() {
  const { isOpen, setOpen } = useChatLauncher();

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Bot className="size-5 text-brand-700" aria-hidden="true" />
            {chatText.title}
          </DialogTitle>
          <DialogDescription>{chatText.description}</DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-3" aria-label={chatText.title}>
          <li className="max-w-[85%] rounded-lg rounded-tl-none bg-slate-100 p-3 text-sm text-slate-900">
            <span className="sr-only">{chatText.botName}: </span>
            {chatText.greeting}
          </li>
        </ol>
        <p className="text-sm text-slate-700">{chatText.comingSoon}</p>
      </DialogContent>
    </Dialog>
  );
}
