import type { ReactNode } from "react";
import { Badge } from "@/client/components/ui/badge";

/** A card of the integrations screen: its title, a status badge that says what is true, and content. */
export function StatusCard({ title, status, ok, children, id }: { title: string; status: string; ok: boolean; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Badge tone={ok ? "success" : "warning"}>{status}</Badge>
      </div>
      {children}
    </section>
  );
}
