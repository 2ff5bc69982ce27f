import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "@/client/lib/cn";

/** A native select styled like Input: on phones it opens the system picker. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn(
        "flex h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700",
        className,
      )}
      {...props}
    />
  );
});
