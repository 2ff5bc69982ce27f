import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { Input } from "@/client/components/ui/input";
import { FieldError, Label } from "@/client/components/ui/label";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
};

/** A labelled input with an optional hint and an inline error line tied to it with aria-describedby. */
export function TextField({ id, label, hint, error, className, "aria-describedby": alsoDescribedBy, ...inputProps }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, alsoDescribedBy ?? null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ?? "grid gap-1.5"}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
