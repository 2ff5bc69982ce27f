import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "@/client/lib/cn";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, type = "text", ...props }, ref) {
  return (
    <input
      ref={ref}
      type={type}
      className={cn(
        "flex h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:text-sm",
        "placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-700",
        className,
      )}
      {...props}
    />
  );
});
