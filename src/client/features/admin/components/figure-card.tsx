import type { LucideIcon } from "lucide-react";

/** One figure of an admin screen's summary: a label, the value and an optional note on how it is worked out. */
export function FigureCard({ icon: Icon, label, value, hint }: { icon?: LucideIcon; label: string; value: string | number; hint?: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
      {Icon && <Icon className="size-6 shrink-0 text-brand-700" aria-hidden="true" />}
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900">{value}</p>
        {hint && <p className="text-xs text-slate-600">{hint}</p>}
      </div>
    </div>
  );
}
