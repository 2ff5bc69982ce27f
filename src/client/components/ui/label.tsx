import type { LabelHTMLAttributes } from "react";
import { cn } from "@/client/lib/cn";

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn("text-sm font-medium text-slate-900", className)} {...props} />;
}

/** An inline validation message under a field; link it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
