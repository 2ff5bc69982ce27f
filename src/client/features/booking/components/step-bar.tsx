import { Check } from "lucide-react";
import { cn } from "@/client/lib/cn";
import type { WizardStep } from "../lib/draft-storage";
import { bookingText } from "../text";

const STEPS: WizardStep[] = [1, 2, 3];
const text = bookingText.steps;

/** rules §2: the three steps; the active one carries aria-current="step". */
export function StepBar({ step }: { step: WizardStep }) {
  return (
    <nav aria-label={text.label}>
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((n) => {
          const active = n === step;
          const done = n < step;
          return (
            <li
              key={n}
              aria-current={active ? "step" : undefined}
              className={cn(
                "flex flex-col items-center gap-1 border-t-4 pt-2 text-center sm:flex-row sm:gap-2 sm:text-left",
                active ? "border-brand-700" : done ? "border-brand-300" : "border-slate-200",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                  active ? "bg-brand-700 text-white" : done ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-700",
                )}
              >
                {done ? <Check className="size-4" /> : n}
              </span>
              <span className={cn("text-xs leading-tight sm:text-sm", active ? "font-semibold text-slate-900" : "text-slate-700")}>
                <span className="sr-only">{text.stepOf(n, STEPS.length)}: </span>
                {text.names[n]}
                {done && <span className="sr-only"> {text.completed}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
