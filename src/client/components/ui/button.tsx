import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "@/client/lib/cn";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 " +
  "disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

const variants = {
  default: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "bg-white text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50",
  /** On a dark brand background: white, without the ring. */
  inverse: "bg-white text-brand-800 hover:bg-brand-50",
  outline: "bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  ghost: "text-slate-800 hover:bg-slate-100",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  link: "text-brand-700 underline underline-offset-4 hover:text-brand-900",
} as const;

const sizes = {
  default: "h-10 px-4 py-2 text-sm",
  sm: "h-9 px-3 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "size-10",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The button look, for links that should look like buttons: `<Link className={buttonVariants()}>`. */
export function buttonVariants(options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(base, variants[options.variant ?? "default"], sizes[options.size ?? "default"], options.className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ className, variant, size, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonVariants({ variant, size, className })} {...props} />;
});
