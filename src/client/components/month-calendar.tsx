import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/client/lib/cn";
import type { IsoDate } from "@/common/booking-rules";
import { formatLongDate, formatMonthYear, weekdayNames } from "@/client/lib/format-date";
import { addMonths, DAY_KEYS, monthBounds, monthGrid, monthOf, nextEnabledDate, type YearMonth } from "@/client/lib/month-grid";
import { scheduleText as text } from "@/client/lib/schedule-text";

const WEEKDAYS = weekdayNames();

type MonthCalendarProps = {
  id: string;
  month: YearMonth;
  onMonthChange: (month: YearMonth) => void;
  /** First and last date that may ever be enabled (the booking window). */
  min: IsoDate;
  max: IsoDate;
  isEnabled: (date: IsoDate) => boolean;
  /** The name of the holiday that closes a date (rules D22), or null: said in its label. */
  closedName?: (date: IsoDate) => string | null;
  selected: IsoDate;
  onSelect: (date: IsoDate) => void;
  today: IsoDate;
  busy: boolean;
  describedBy?: string;
};

/**
 * rules §2 'Välj datum': one month at a time with previous and next month buttons. Only the dates
 * `isEnabled` allows can be picked. Each day is a button named like 'måndag 7 december 2026', the
 * chosen one aria-pressed. One day is in the tab order; the arrow keys move between pickable days
 * (also into the next or previous month), Enter or Space picks.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { id, month, onMonthChange, min, max, isEnabled, closedName, selected, onSelect, today, busy, describedBy } = props;
  const weeks = useMemo(() => monthGrid(month), [month]);
  const [focusDate, setFocusDate] = useState<IsoDate | null>(null);
  const moveFocus = useRef(false);
  const tableRef = useRef<HTMLTableElement>(null);
  const labelId = `${id}-month`;

  const days = weeks.flat().filter((d): d is IsoDate => d !== null);
  const tabbable = [focusDate, selected].find((d) => d && monthOf(d) === month && isEnabled(d)) ?? days.find((d) => isEnabled(d)) ?? null;

  useEffect(() => {
    if (!moveFocus.current || !focusDate) return;
    moveFocus.current = false;
    tableRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDate}"]`)?.focus();
  }, [focusDate, month]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: IsoDate) => {
    const step = DAY_KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    const target = nextEnabledDate(date, step, isEnabled, min, max);
    if (!target) return;
    moveFocus.current = true;
    setFocusDate(target);
    if (monthOf(target) !== month) onMonthChange(monthOf(target));
  };

  const canGoBack = month > monthOf(min);
  const canGoForward = month < monthOf(max);

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label={text.previousMonth}
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <p id={labelId} aria-live="polite" className="text-base font-semibold capitalize text-slate-900">
          {formatMonthYear(monthBounds(month).first)}
        </p>
        <button
          type="button"
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={!canGoForward}
          aria-label={text.nextMonth}
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      <table
        ref={tableRef}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        className="w-full table-fixed border-separate border-spacing-1"
      >
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day.long} scope="col" abbr={day.long} className="pb-1 text-xs font-medium uppercase text-slate-700">
                {day.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((date, d) => {
                const closed = date ? (closedName?.(date) ?? null) : null;
                return (
                  <td key={date ?? `empty-${w}-${d}`} className="p-0 text-center">
                    {date && (
                      <button
                        type="button"
                        data-date={date}
                        data-field={date === tabbable ? "date" : undefined}
                        tabIndex={date === tabbable ? 0 : -1}
                        disabled={busy || !isEnabled(date)}
                        aria-pressed={date === selected}
                        aria-current={date === today ? "date" : undefined}
                        aria-label={closed ? `${formatLongDate(date)}, ${text.closedDay(closed)}` : formatLongDate(date)}
                        title={closed ? text.closedDay(closed) : undefined}
                        data-closed={closed ? "" : undefined}
                        onClick={() => {
                          setFocusDate(date);
                          onSelect(date);
                        }}
                        onKeyDown={(event) => onKeyDown(event, date)}
                        className={cn(
                          "inline-flex aspect-square w-full max-w-12 items-center justify-center rounded-md text-sm font-medium",
                          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
                          "disabled:cursor-not-allowed disabled:text-slate-400 disabled:line-through",
                          date === selected
                            ? "bg-brand-700 text-white hover:bg-brand-800"
                            : "bg-white text-slate-900 ring-1 ring-inset ring-brand-300 enabled:hover:bg-brand-50 disabled:ring-0",
                          date === today && "underline underline-offset-4",
                        )}
                      >
                        {Number(date.slice(8))}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
