import { LoaderCircle } from "lucide-react";
import { cn } from "@/client/lib/cn";
import { uiText } from "./text";

/** A centred loading indicator that screen readers announce politely; `className` replaces the default padding. */
export function Spinner({ label = uiText.loading, className = "py-12" }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-2 text-slate-700", className)}>
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
