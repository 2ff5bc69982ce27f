import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "@/client/lib/cn";

type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onChange" | "value"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch (WAI-ARIA `role="switch"`): a button, so Space and Enter toggle it. Label it with
 * a <Label htmlFor> pointing at its id, or with aria-label / aria-labelledby.
 */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch({ checked, onCheckedChange, className, disabled, onClick, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      disabled={disabled}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "bg-brand-700" : "bg-slate-400",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn("pointer-events-none block size-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-5" : "translate-x-0")}
      />
    </button>
  );
});
