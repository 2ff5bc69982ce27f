import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/cn";
import { BackLink } from "@/client/components/back-link";

/**
 * The frame of an admin screen: the back link, the heading with its introduction, and an optional
 * create button. The column never grows wider than the screen (long URLs and tables scroll inside).
 */
export function AdminPage({
  back,
  title,
  intro,
  create,
  width = "max-w-4xl",
  children,
}: {
  back: { to: string; label: string };
  title: string;
  intro: string;
  create?: { label: string; onClick: () => void };
  width?: "max-w-3xl" | "max-w-4xl" | "max-w-6xl";
  children: ReactNode;
}) {
  return (
    <div className={cn("mx-auto grid grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:py-10", width)}>
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{intro}</p>
        </div>
        {create && (
          <Button onClick={create.onClick}>
            <Plus aria-hidden="true" />
            {create.label}
          </Button>
        )}
      </div>
      {children}
    </div>
  );
}

/** The end of a dialog's form: the server's refusal (announced), cancel and submit. */
export function DialogFormFooter({
  failure,
  onCancel,
  cancelLabel,
  submitLabel,
  pendingLabel,
  pending,
}: {
  failure?: string | null;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
}) {
  return (
    <>
      <div role="alert">{failure && <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">{failure}</p>}</div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
