import { BadgeCheck, CalendarCheck, MessageCircle, Timer } from "lucide-react";
import { Link } from "@/client/components/ui/link";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { chatLauncherProps } from "@/client/lib/chat-launcher";
import { landingText } from "../text";

const text = landingText.hero;
const claimIcons = { confirmation: CalendarCheck, duration: Timer, technicians: BadgeCheck } as const;

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 pb-12 pt-10 sm:pt-16 lg:pb-16">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">{text.eyebrow}</p>
        <h1 id="hero-title" className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {text.title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">{text.lead}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/booking" className={buttonVariants({ size: "lg" })}>
            {text.bookNow}
          </Link>
          <Button variant="secondary" size="lg" {...chatLauncherProps}>
            <MessageCircle aria-hidden="true" />
            {text.askBot}
          </Button>
        </div>

        <ul aria-label={text.claimsLabel} className="mt-10 grid gap-4 sm:grid-cols-3">
          {landingText.claims.map((claim) => {
            const Icon = claimIcons[claim.key];
            return (
              <li key={claim.key} className="flex gap-3 rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
                <Icon className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-semibold text-slate-900">{claim.title}</p>
                  <p className="mt-1 text-sm text-slate-700">{claim.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
