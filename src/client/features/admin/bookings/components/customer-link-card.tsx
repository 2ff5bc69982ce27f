import { Copy, ExternalLink, Link2, Link2Off, RefreshCw } from "lucide-react";
import { useId, useRef, useState, type RefObject } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { StaffBookingLink } from "@/common/schemas/admin-bookings";
import { formatListDate, formatListDateTime } from "@/common/format";
import { useCreateBookingLink } from "../api/create-booking-link";
import { useUpdateBookingLink, type BookingLinkPatch } from "../api/update-booking-link";
import { adminBookingsText } from "../text";

const text = adminBookingsText.link;

function linkState(link: StaffBookingLink): "active" | "inactive" | "expired" {
  if (!link.isActive) return "inactive";
  return new Date(link.expiresAt).getTime() <= Date.now() ? "expired" : "active";
}

/**
 * The last day the link works, as a date (issue 23): links end at 23:59:59 UTC of their last day
 * (server/modules/bookings/customer-link.ts), which is past midnight in Stockholm, so the clock
 * time ('kl. 00:59' the day after) would mislead. The day is the instant's UTC date.
 */
function validThrough(expiresAt: string): string {
  const d = new Date(expiresAt);
  return Number.isNaN(d.getTime()) ? expiresAt : formatListDate(d.toISOString().slice(0, 10));
}

/**
 * The customer's booking link (rules D9, issue 14): staff create it, copy or open it, deactivate
 * and activate it, and choose whether the customer may add images through it.
 */
export function CustomerLinkCard({ bookingId, link }: { bookingId: number; link: StaffBookingLink | null }) {
  const idPrefix = useId().replace(/:/g, "");
  const urlRef = useRef<HTMLInputElement>(null);
  const [allowOnCreate, setAllowOnCreate] = useState(false);
  const create = useCreateBookingLink(bookingId);
  const update = useUpdateBookingLink(bookingId);

  const onFailure = (error: unknown) => toast({ variant: "destructive", title: text.failureTitle, description: errorMessage(error, text.failure) });

  const createLink = (allowClientUpdates: boolean) =>
    create.mutate(allowClientUpdates, { onSuccess: () => toast({ title: text.created }), onError: onFailure });

  const patch = (change: BookingLinkPatch, done: string) => update.mutate(change, { onSuccess: () => toast({ title: done }), onError: onFailure });

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: text.copied, description: text.copiedDescription });
    } catch {
      // No clipboard (permissions, an old browser): select the address so it can be copied by hand.
      urlRef.current?.focus();
      urlRef.current?.select();
      toast({ variant: "destructive", title: text.failureTitle, description: text.copyFailed });
    }
  };

  const allowId = `${idPrefix}-allow`;
  const busy = create.isPending || update.isPending;
  return (
    <Card role="region" aria-labelledby={`${idPrefix}-heading`}>
      <CardHeader>
        <CardTitle as="h2" id={`${idPrefix}-heading`}>
          {text.heading}
        </CardTitle>
        <CardDescription>{text.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!link ? (
          <>
            <p className="text-sm text-slate-800">{text.none}</p>
            <div className="flex items-center gap-3">
              <Switch id={allowId} checked={allowOnCreate} onCheckedChange={setAllowOnCreate} aria-describedby={`${allowId}-hint`} />
              <Label htmlFor={allowId}>{text.allowUpdates}</Label>
            </div>
            <p id={`${allowId}-hint`} className="-mt-2 text-sm text-slate-600">
              {text.allowUpdatesHint}
            </p>
            <Button className="justify-self-start" disabled={busy} onClick={() => createLink(allowOnCreate)}>
              <Link2 aria-hidden="true" />
              {create.isPending ? text.creating : text.create}
            </Button>
          </>
        ) : (
          <LinkDetails
            link={link}
            idPrefix={idPrefix}
            urlRef={urlRef}
            busy={busy}
            onCopy={() => void copy()}
            onToggleActive={() => patch({ isActive: !link.isActive }, link.isActive ? text.deactivated : text.activated)}
            onToggleUpdates={(allowed) => patch({ allowClientUpdates: allowed }, allowed ? text.updatesAllowed : text.updatesNotAllowed)}
            onReplace={() => createLink(link.allowClientUpdates)}
          />
        )}
      </CardContent>
    </Card>
  );
}

function LinkDetails({
  link,
  idPrefix,
  urlRef,
  busy,
  onCopy,
  onToggleActive,
  onToggleUpdates,
  onReplace,
}: {
  link: StaffBookingLink;
  idPrefix: string;
  urlRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onCopy: () => void;
  onToggleActive: () => void;
  onToggleUpdates: (allowed: boolean) => void;
  onReplace: () => void;
}) {
  const state = linkState(link);
  const urlId = `${idPrefix}-url`;
  const allowId = `${idPrefix}-allow`;
  return (
    <>
      <dl className="grid gap-2 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-slate-700">{text.state}</dt>
        <dd>
          <Badge tone={state === "active" ? "success" : state === "expired" ? "warning" : "neutral"}>{text[state]}</Badge>
        </dd>
        <dt className="font-medium text-slate-700">{text.expiresAt}</dt>
        <dd className="text-slate-900">{validThrough(link.expiresAt)}</dd>
        <dt className="font-medium text-slate-700">{text.lastAccessed}</dt>
        <dd className="text-slate-900">{link.lastAccessed ? formatListDateTime(link.lastAccessed) : text.neverAccessed}</dd>
      </dl>

      <div className="grid gap-1.5">
        <Label htmlFor={urlId}>{text.urlLabel}</Label>
        <Input ref={urlRef} id={urlId} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-sm" />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onCopy}>
          <Copy aria-hidden="true" />
          {text.copy}
        </Button>
        {state === "active" && (
          <a href={link.url} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ExternalLink aria-hidden="true" />
            {text.open}
            <span className="sr-only"> {text.opensInNewTab}</span>
          </a>
        )}
        <Button variant="outline" size="sm" disabled={busy} onClick={onToggleActive}>
          {link.isActive ? <Link2Off aria-hidden="true" /> : <Link2 aria-hidden="true" />}
          {link.isActive ? text.deactivate : text.activate}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={onReplace} aria-describedby={`${idPrefix}-replace-hint`}>
          <RefreshCw aria-hidden="true" />
          {text.replace}
        </Button>
      </div>
      <p id={`${idPrefix}-replace-hint`} className="-mt-2 text-sm text-slate-600">
        {text.replaceHint}
      </p>

      <div className="grid gap-1">
        <div className="flex items-center gap-3">
          <Switch id={allowId} checked={link.allowClientUpdates} disabled={busy} onCheckedChange={onToggleUpdates} aria-describedby={`${allowId}-hint`} />
          <Label htmlFor={allowId}>{text.allowUpdates}</Label>
        </div>
        <p id={`${allowId}-hint`} className="text-sm text-slate-600">
          {text.allowUpdatesHint}
        </p>
      </div>
    </>
  );
}
