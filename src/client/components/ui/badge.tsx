import type { HTMLAttributes } from "react";
import { cn } from "@/client/lib/cn";

const tones = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  info: "bg-sky-50 text-sky-900 ring-sky-300",
  success: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-red-50 text-red-900 ring-red-300",
  brand: "bg-brand-50 text-brand-900 ring-brand-300",
} as const;
export type BadgeTone = keyof typeof tones;

/** A small label for a status; the text itself carries the meaning (never colour alone). */
export function Badge({ tone = "neutral", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", tones[tone], className)} {...props} />
  );
}
