import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "@/client/lib/cn";

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return (
    <textarea
      ref={ref}
      className={cn(
        "flex min-h-24 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm",
        "placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700",
        className,
      )}
      {...props}
    />
  );
});
