import type { ReactNode } from "react";
import { cn } from "@/client/lib/cn";

/** A titled card of a customer's link page (an invoice, an agreement); the heading names the region for screen readers. */
export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn("grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5", className)}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One label and value of a description list (stacked on a phone, side by side from sm). */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
