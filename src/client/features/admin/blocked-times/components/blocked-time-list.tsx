import { Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { formatLongDate } from "@/client/features/admin/lib/format";
import { formatListDate } from "@/common/format";
import type { IsoDate } from "@/common/booking-rules";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { BlockedTime } from "@/common/schemas/blocked-times";
import { blockedTimesText } from "../text";

const text = blockedTimesText;

/** 'måndag 25 januari 2027 08:00–17:00': how a blocked time is named in labels and dialogs. */
export function describeBlockedTime(blockedTime: Pick<BlockedTime, "date" | "startTime" | "endTime">): string {
  return `${formatLongDate(blockedTime.date)} ${text.timeRange(blockedTime.startTime, blockedTime.endTime)}`;
}

type BlockedTimeListProps = {
  items: BlockedTime[];
  today: IsoDate;
  onEdit: (blockedTime: BlockedTime) => void;
  onDelete: (blockedTime: BlockedTime) => void;
};

/**
 * The blocked times as a list of cards (one column on a phone). A past blocked time can only be
 * deleted: the server refuses to move anything into the past (rules §5).
 */
export function BlockedTimeList({ items, today, onEdit, onDelete }: BlockedTimeListProps) {
  return (
    <ul aria-label={text.listLabel} className="grid gap-3">
      {items.map((item) => {
        const when = describeBlockedTime(item);
        const past = item.date < today;
        return (
          <li
            key={item.id}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="grid gap-1">
              <p className="font-semibold text-slate-900">
                <span className="inline-block">{formatListDate(item.date)}</span>
                <span className="ml-2 whitespace-nowrap tabular-nums text-slate-700">{text.timeRange(item.startTime, item.endTime)}</span>
              </p>
              <p className="break-words text-sm text-slate-800">{item.reason}</p>
              <div className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
                <span>{text.serviceTypesLabel}:</span>
                {item.serviceTypes.map((type) => (
                  <Badge key={type} tone="neutral">
                    {SERVICE_TYPE_LABELS[type]}
                  </Badge>
                ))}
              </div>
            </div>
            <div className="flex gap-2 sm:shrink-0">
              {!past && (
                <Button variant="outline" size="sm" onClick={() => onEdit(item)} aria-label={text.editLabel(when)}>
                  <Pencil aria-hidden="true" />
                  {text.edit}
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={() => onDelete(item)} aria-label={text.removeLabel(when)} className="text-red-800">
                <Trash2 aria-hidden="true" />
                {text.remove}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
