import { ArrowRight, Drill, House, ScanSearch, Wrench } from "lucide-react";
import { Link } from "@/client/components/ui/link";
import { Card } from "@/client/components/ui/card";
import { cn } from "@/client/lib/cn";
import type { ServiceType } from "@/common/constants";
import { landingText } from "../text";

const text = landingText.services;
const icons: Record<ServiceType, typeof Wrench> = {
  installation: Drill,
  service: Wrench,
  troubleshooting: ScanSearch,
  hembesok: House,
};

/** Four service cards, each opening the booking wizard with that service chosen (rules §2). */
export function ServicesSection() {
  return (
    <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="services-title" className="text-3xl font-bold tracking-tight text-slate-900">
        {text.heading}
      </h2>
      <p className="mt-2 text-slate-700">{text.intro}</p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {landingText.serviceCards.map((card) => {
          const Icon = icons[card.service];
          return (
            <li key={card.service}>
              <Card className="flex h-full flex-col p-5">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{card.title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-700">{card.description}</p>
                <p className="mt-4 text-sm font-semibold text-slate-900">
                  <span className="sr-only">{text.priceLabel}: </span>
                  {card.price}
                </p>
                <Link
                  to={`/booking?service=${card.service}`}
                  className={cn(
                    "mt-4 inline-flex items-center gap-1 self-start rounded-md font-semibold text-brand-700 underline-offset-4",
                    "hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
                  )}
                >
                  {card.cta}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm text-slate-600">{text.priceNote}</p>
    </section>
  );
}
