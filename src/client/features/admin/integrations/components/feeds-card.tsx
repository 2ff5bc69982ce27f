import { Copy, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { CalendarFeed } from "@/common/schemas/integrations";
import { formatListDateTime } from "@/common/format";
import { useCalendarFeeds, useRegenerateFeed } from "../api/integrations";
import { integrationsPageText } from "../text";
import { StatusCard } from "./status-card";

const text = integrationsPageText.feeds;
const ownerOf = (feed: CalendarFeed) => (feed.owner.type === "company" ? text.company : text.technician(feed.owner.name));

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: text.copied, description: text.copiedDescription });
  } catch {
    toast({ variant: "destructive", title: integrationsPageText.outbox.failureTitle, description: text.copyFailed });
  }
}

function FeedRow({ feed, onRegenerate }: { feed: CalendarFeed; onRegenerate: (feed: CalendarFeed) => void }) {
  const owner = ownerOf(feed);
  const id = `feed-${feed.id}`;
  return (
    <li className="grid gap-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <Label htmlFor={id}>{owner}</Label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          readOnly
          value={feed.url}
          aria-label={text.urlLabel(owner)}
          className="min-w-0 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void copy(feed.url)} aria-label={`${text.copy}: ${owner}`}>
            <Copy aria-hidden="true" />
            {text.copy}
          </Button>
          <Button variant="outline" onClick={() => onRegenerate(feed)} aria-label={text.regenerateLabel(owner)}>
            <RefreshCw aria-hidden="true" />
            <span className="max-sm:sr-only">{text.regenerate}</span>
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-600">{feed.lastFetchedAt ? text.lastFetched(formatListDateTime(feed.lastFetchedAt)) : text.neverFetched}</p>
    </li>
  );
}

/** The secret calendar feeds (rules D12): copy a URL, or replace it (the old one stops working). */
export function FeedsCard() {
  const feeds = useCalendarFeeds();
  const regenerate = useRegenerateFeed();
  const [confirming, setConfirming] = useState<CalendarFeed | null>(null);

  const confirm = () => {
    if (!confirming) return;
    regenerate.mutate(confirming.id, {
      onSuccess: () => {
        toast({ title: text.regenerated, description: text.regeneratedDescription });
        setConfirming(null);
      },
      onError: (error) =>
        toast({ variant: "destructive", title: integrationsPageText.outbox.failureTitle, description: errorMessage(error, text.regenerateFailed) }),
    });
  };

  return (
    <StatusCard id="integration-feeds" title={text.title} status={feeds.isError ? text.unavailable : text.active} ok={!feeds.isError}>
      <p className="text-sm text-slate-700">{text.description}</p>
      {feeds.isPending ? (
        <Spinner className="py-4" />
      ) : feeds.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {integrationsPageText.loadFailed}
        </p>
      ) : (
        <ul className="grid gap-4">
          {feeds.data.map((feed) => (
            <FeedRow key={feed.id} feed={feed} onRegenerate={setConfirming} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
        title={text.confirmTitle}
        description={confirming ? text.confirmText(ownerOf(confirming)) : null}
        confirmLabel={text.confirm}
        cancelLabel={text.cancel}
        pending={regenerate.isPending}
      />
    </StatusCard>
  );
}
