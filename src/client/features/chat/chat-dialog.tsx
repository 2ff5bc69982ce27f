import { Bot, Send } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { toast } from "@/client/components/ui/toast-store";
import { chatOpener, useChatLauncher } from "@/client/lib/chat-launcher";
import { CHAT_HISTORY_MAX, CHAT_QUESTION_MAX } from "@/common/schemas/chatbot-limits";
import { troubleshoot } from "./api/troubleshoot";
import { MessageText } from "./message-text";
import { chatText } from "./text";
import { useCompany } from "@/client/lib/company";

type ChatMessage = { id: number; role: "assistant" | "user"; content: string };

/** rules §9: the conversation starts afresh 300 ms after the dialog closes (its closing animation). */
export const CHAT_RESET_MS = 300;

const GREETING: ChatMessage = { id: 0, role: "assistant", content: chatText.greeting };

/** Closed: the focus goes back to the button that opened the chat (Radix's own return misses a tapped one). */
function returnFocus(event: Event) {
  const opener = chatOpener();
  if (!opener) return;
  event.preventDefault();
  opener.focus();
}

/** Asks ServiceBot with the last messages before the question, for context. */
function askServiceBot(question: string, earlier: ChatMessage[]) {
  const history = earlier
    .filter((m) => m.id !== GREETING.id)
    .slice(-CHAT_HISTORY_MAX)
    .map(({ role, content }) => ({ role, content }));
  return troubleshoot({ question, history });
}

/**
 * The ServiceBot dialog (rules §2): the greeting, six quick prompts while nothing has been asked, the
 * conversation with answers rendered safely (bold and numbered lists, never HTML), a typing
 * indicator, and the §8 error toast with a fallback message naming the phone number.
 */
export function ChatDialog() {
  const { isOpen, setOpen } = useChatLauncher();
  const idPrefix = useId().replace(/:/g, "");
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const [input, setInput] = useState("");
  const [waiting, setWaiting] = useState(false);
  const company = useCompany();
  const nextId = useRef(1);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const generation = useRef(0);

  // Closed: forget the conversation once the dialog has faded out; an answer still on its way is dropped.
  useEffect(() => {
    if (isOpen) return;
    const timer = window.setTimeout(() => {
      generation.current += 1;
      setMessages([GREETING]);
      setInput("");
      setWaiting(false);
    }, CHAT_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [isOpen]);

  // The newest message comes into view in the list (the dialog itself never scrolls): the end of the
  // list, or the start of an answer taller than the list, so it is read from its beginning.
  useEffect(() => {
    const list = listRef.current;
    const newest = list?.lastElementChild;
    if (!list || !(newest instanceof HTMLElement)) return;
    const start = newest.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = newest.offsetHeight > list.clientHeight ? start : list.scrollHeight;
  }, [messages, waiting]);

  const add = (role: ChatMessage["role"], content: string) => {
    const message = { id: nextId.current++, role, content };
    setMessages((current) => [...current, message]);
    return message;
  };

  const send = async (text: string) => {
    const question = text.trim();
    if (!question || waiting) return;
    const earlier = messages;
    const asked = generation.current;
    add("user", question);
    setInput("");
    setWaiting(true);
    try {
      const { answer } = await askServiceBot(question, earlier);
      if (asked === generation.current) add("assistant", answer);
    } catch {
      if (asked !== generation.current) return;
      toast({ variant: "destructive", title: chatText.errorTitle, description: chatText.errorDescription });
      add("assistant", chatText.fallback(company));
    } finally {
      if (asked === generation.current) setWaiting(false);
      inputRef.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(input);
  };

  // Enter sends, Shift+Enter makes a new line (rules §2); a composing IME keeps its Enter.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(input);
    }
  };

  const onlyGreeting = messages.length === 1;

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {/* A panel of fixed parts (header, prompts, input) around the one part that scrolls, the
          conversation; as tall as the screen allows on a phone (dvh: the browser's bars come and go). */}
      <DialogContent layout="panel" className="h-[calc(100dvh-2rem)] gap-3 sm:h-[min(44rem,calc(100dvh-3rem))]" onCloseAutoFocus={returnFocus}>
        <DialogHeader className="shrink-0">
          <DialogTitle className="flex items-center gap-2">
            <Bot className="size-5 text-brand-700" aria-hidden="true" />
            {chatText.title}
          </DialogTitle>
          <DialogDescription>{chatText.description}</DialogDescription>
        </DialogHeader>
        {/* relative: the messages' screen-reader labels (sr-only, absolutely placed) stay inside the
            scrolling list instead of stretching the dialog. Focusable, so a keyboard can scroll it. */}
        <ol
          ref={listRef}
          tabIndex={0}
          aria-label={chatText.conversation}
          aria-live="polite"
          className="relative flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto overscroll-contain pr-1"
        >
          {messages.map((message) => (
            <li
              key={message.id}
              className={
                message.role === "user"
                  ? "ml-8 self-end rounded-lg rounded-tr-none bg-brand-700 p-3 text-sm whitespace-pre-wrap text-white"
                  : "mr-8 self-start rounded-lg rounded-tl-none bg-slate-100 p-3 text-sm text-slate-900"
              }
            >
              <span className="sr-only">{message.role === "user" ? chatText.you : chatText.botName}: </span>
              {message.role === "user" ? message.content : <MessageText text={message.content} />}
            </li>
          ))}
          {waiting && (
            <li className="mr-8 self-start rounded-lg rounded-tl-none bg-slate-100 p-3 text-sm text-slate-700" role="status">
              <span className="inline-flex items-center gap-2">
                <span className="inline-flex gap-1" aria-hidden="true">
                  <span className="size-1.5 animate-bounce rounded-full bg-slate-500" />
                  <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:150ms]" />
                  <span className="size-1.5 animate-bounce rounded-full bg-slate-500 [animation-delay:300ms]" />
                </span>
                {chatText.typing}
              </span>
            </li>
          )}
        </ol>
        {onlyGreeting && (
          <div role="group" aria-label={chatText.quickPromptsLabel} className="flex shrink-0 flex-wrap gap-2">
            {chatText.quickPrompts.map((prompt) => (
              <button
                key={prompt}
                type="button"
                disabled={waiting}
                onClick={() => void send(prompt)}
                className="rounded-full border border-brand-700 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
              >
                {prompt}
              </button>
            ))}
          </div>
        )}
        <form onSubmit={onSubmit} className="grid shrink-0 gap-1.5">
          <label htmlFor={`${idPrefix}-question`} className="sr-only">
            {chatText.inputLabel}
          </label>
          <div className="flex items-end gap-2">
            <textarea
              ref={inputRef}
              id={`${idPrefix}-question`}
              value={input}
              maxLength={CHAT_QUESTION_MAX}
              placeholder={chatText.inputPlaceholder}
              aria-describedby={`${idPrefix}-hint`}
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={onKeyDown}
              className="field-sizing-content max-h-[120px] min-h-[60px] flex-1 resize-none rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
            />
            <Button type="submit" size="icon" aria-label={chatText.send} disabled={!input.trim() || waiting}>
              <Send aria-hidden="true" />
            </Button>
          </div>
          <p id={`${idPrefix}-hint`} className="text-xs text-slate-600">
            {chatText.inputHint}
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
