import type { ReactNode } from "react";
import { cn } from "@/client/lib/cn";

export type ScrollTableColumn = { key: string; header: ReactNode; className?: string };

/**
 * A table of an admin screen that scrolls sideways on a phone: a named, focusable region (so the
 * keyboard can scroll it), a caption for screen readers, and a header row.
 */
export function ScrollTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: "min-w-[40rem]" | "min-w-[44rem]";
  columns: ScrollTableColumn[];
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label={label}>
      <table className={cn("w-full text-left text-sm", minWidth)}>
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn("px-3 py-2 font-semibold", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
