import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/client/components/ui/button";

/** The pager's Swedish texts: each admin list passes its own. */
export type PaginationText = {
  label: string;
  previous: string;
  next: string;
  pageOf: (page: number, pages: number) => string;
};

/** Previous / next page of the list, with where we are ('Sida 2 av 7'). Hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  text,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  text: PaginationText;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={text.label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        <ChevronLeft aria-hidden="true" />
        {text.previous}
      </Button>
      <p className="text-sm text-slate-700">{text.pageOf(page, pages)}</p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {text.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
