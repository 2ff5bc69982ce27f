import { Bot } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { chatLauncherProps } from "@/client/lib/chat-launcher";
import { landingText } from "../text";

const text = landingText.serviceBot;

export function ServiceBotPromo() {
  return (
    <section aria-labelledby="servicebot-title" className="mx-auto max-w-6xl px-4 py-14">
      <div className="flex flex-col gap-6 rounded-2xl bg-brand-800 p-6 text-white sm:p-10 md:flex-row md:items-center">
        <span className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-white/10">
          <Bot className="size-9" aria-hidden="true" />
        </span>
        <div className="flex-1">
          <h2 id="servicebot-title" className="text-2xl font-bold sm:text-3xl">
            {text.heading}
          </h2>
          <p className="mt-2 text-brand-50">{text.text}</p>
        </div>
        <Button variant="inverse" size="lg" {...chatLauncherProps}>
          {text.cta}
        </Button>
      </div>
    </section>
  );
}
