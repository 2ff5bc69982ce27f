import { useId } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { CHECKLIST_GROUPS, toggleAll, type ChecklistGroupKey } from "@/common/protocols/rules";
import type { ProtocolFormValues } from "../lib/protocol-form-values";

/** One group of the installation's checklist, with a button that ticks (or clears) the whole group at once. */
export function ChecklistGroup({ form, group }: { form: UseFormReturn<ProtocolFormValues>; group: ChecklistGroupKey }) {
  const id = useId();
  const current = useWatch({ control: form.control, name: `checklists.${group}` }) ?? {};
  const { title, items } = CHECKLIST_GROUPS[group];
  const toggle = toggleAll(group, current);
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="font-semibold text-slate-900">{title}</legend>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${toggle.label}: ${title}`}
          onClick={() => form.setValue(`checklists.${group}`, toggle.next, { shouldDirty: true })}
        >
          {toggle.label}
        </Button>
      </div>
      <div className="grid gap-1 sm:grid-cols-2">
        {Object.entries(items).map(([key, label]) => (
          <label key={key} htmlFor={`${id}-${key}`} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input id={`${id}-${key}`} type="checkbox" className="size-5 accent-brand-700" {...form.register(`checklists.${group}.${key}`)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
