import { CalendarPlus, Copy } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/toast-store";
import { useCalendarFeed } from "../api/calendar-feed";
import { technicianText } from "../text";

const text = technicianText.calendarFeed;

/**
 * The technician's own secret calendar feed (rules D12): the visits assigned to them, for their
 * phone's calendar. Loaded only when opened.
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: text.copied });
    } catch {
      toast({ variant: "destructive", title: text.copyFailedTitle, description: text.copyFailed });
    }
  };
  return (
    <details
      className="mt-8 rounded-lg border border-slate-200 bg-white p-4"
      onToggle={(event) => event.currentTarget.open && !feed.data && void feed.refetch()}
    >
      <summary className="flex cursor-pointer items-center gap-2 font-medium text-slate-900">
        <CalendarPlus className="size-4 text-brand-700" aria-hidden="true" />
        {text.title}
      </summary>
      <p className="mt-3 text-sm text-slate-700">{text.description}</p>
      {feed.data && (
        <div className="mt-3 grid gap-1.5">
          <Label htmlFor="own-calendar-feed">{text.label}</Label>
          <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
            <Input
              id="own-calendar-feed"
              readOnly
              value={feed.data.url}
              className="min-w-0 font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="outline" onClick={() => void copy(feed.data.url)}>
              <Copy aria-hidden="true" />
              {text.copy}
            </Button>
          </div>
        </div>
      )}
      {feed.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {text.loadFailed}
        </p>
      )}
    </details>
  );
}
