import { randomBytes } from "node:crypto";
import { addDays } from "@/common/booking-rules";
import { COMPANY } from "@/common/constants";
import { FEED_TOKEN_PATTERN, integrationsText, type CalendarFeed } from "@/common/schemas/integrations";
import { notFound } from "../../lib/errors";
import type { CalendarFeedsRepository, FeedRow } from "./calendar-feeds.repository";
import { calendarFeedFile } from "./feed-file";

/** 256 random bits, URL-safe: the feed's only credential. */
const newFeedToken = () => randomBytes(32).toString("base64url");
/** How far back a feed reaches: recent visits stay visible in the calendar for follow-ups. */
const DAYS_BACK = 60;

type Deps = { repo: CalendarFeedsRepository; publicUrl: string; timeZone: string; today: () => string };

export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/**
 * Secret calendar feeds (rules D12): the company's (every active booking) and each technician's
 * (the visits assigned to them). They exist for every technician as soon as anyone looks; a new
 * token revokes the old URL at once.
 */
export function createCalendarFeedsService({ repo, publicUrl, timeZone, today }: Deps) {
  const url = (token: string) => `${publicUrl}${calendarFeedPath(token)}`;
  const toView = (feed: FeedRow, ownerName: string | null): CalendarFeed => ({
    id: feed.id,
    owner: feed.ownerUserId === null ? { type: "company" } : { type: "technician", id: feed.ownerUserId, name: ownerName ?? "" },
    url: url(feed.token),
    createdAt: feed.createdAt.toISOString(),
    lastFetchedAt: feed.lastFetchedAt?.toISOString() ?? null,
  });

  return {
    /** Every feed, the company's first; creates the ones missing. */
    async list(): Promise<CalendarFeed[]> {
      const technicians = await repo.technicians();
      await repo.ensure([null, ...technicians.map((t) => t.id)], newFeedToken);
      return (await repo.list()).map((row) => toView(row.feed, row.ownerName));
    },

    /** The calling technician's own feed (created when missing). */
    async ownFeed(userId: number, name: string): Promise<CalendarFeed> {
      await repo.ensure([userId], newFeedToken);
      const feed = await repo.findByOwner(userId);
      if (!feed) throw notFound(integrationsText.feedMissing);
      return toView(feed, name);
    },

    async regenerate(id: number): Promise<CalendarFeed> {
      const feed = await repo.replaceToken(id, newFeedToken());
      if (!feed) throw notFound(integrationsText.feedMissing);
      const owner = (await repo.list()).find((row) => row.feed.id === id);
      return toView(feed, owner?.ownerName ?? null);
    },

    /** The feed's .ics text; a token that is not (or no longer) a feed's answers 404. */
    async file(token: string): Promise<string> {
      const feed = FEED_TOKEN_PATTERN.test(token) ? await repo.findByToken(token) : undefined;
      if (!feed) throw notFound(integrationsText.feedNotFound);
      const rows = await repo.bookingsOf(feed.ownerUserId, addDays(today(), -DAYS_BACK));
      void repo.markFetched(feed.id).catch(() => {});
      const name = feed.ownerUserId === null ? `${COMPANY.shortName} – alla bokningar` : `${COMPANY.shortName} – ${feed.ownerName ?? "tekniker"}`;
      return calendarFeedFile({ name, bookings: rows, publicUrl, timeZone });
    },
  };
}
export type CalendarFeedsService = ReturnType<typeof createCalendarFeedsService>;
