import type { BlockedTimeFilter, BlockedTimeInput, BlockedTimeSaved } from "@/common/schemas/blocked-times";
import { blockedTimeText } from "@/common/schemas/blocked-times";
import { notFound, unprocessable } from "../../lib/errors";
import type { BookingsRepository } from "../bookings/bookings.repository";
import type { BlockedTimeRow, BlockedTimesRepository } from "./blocked-times.repository";
import { blockedTimesServerText as text } from "./blocked-times.text";

type Deps = { repo: BlockedTimesRepository; bookings: BookingsRepository; today: () => string; onChange: () => void };

const hhmm = (time: string) => time.slice(0, 5);
export const toBlockedTime = (row: BlockedTimeRow) => ({
  id: row.id,
  date: row.date,
  startTime: hhmm(row.startTime),
  endTime: hhmm(row.endTime),
  reason: row.reason,
  serviceTypes: row.serviceTypes as BlockedTimeSaved["blockedTime"]["serviceTypes"],
  createdAt: row.createdAt.toISOString(),
});

/**
 * Blocked times (rules §2, §5). A change removes the slots from public availability at once
 * (`onChange` clears the shared answers); bookings already inside a new block are kept, and the
 * answer lists them so the admin can call those customers.
 */
export function createBlockedTimesService({ repo, bookings, today, onChange }: Deps) {
  async function saved(row: BlockedTimeRow): Promise<BlockedTimeSaved> {
    const overlapping = await bookings.activeBookingsOverlapping(row.date, hhmm(row.startTime), hhmm(row.endTime), row.serviceTypes);
    return {
      blockedTime: toBlockedTime(row),
      overlappingBookings: overlapping.map((b) => ({ ...b, serviceType: b.serviceType as never, status: b.status as never })),
    };
  }

  function assertNotPast(input: BlockedTimeInput) {
    // rules §5: past dates cannot be picked; the server holds the same rule.
    if (input.date < today()) throw unprocessable(blockedTimeText.pastDate);
  }

  return {
    async list(filter: BlockedTimeFilter) {
      return (await repo.list(filter, today())).map(toBlockedTime);
    },
    async create(input: BlockedTimeInput, userId: number): Promise<BlockedTimeSaved> {
      assertNotPast(input);
      const row = await repo.create(input, userId);
      onChange();
      return saved(row);
    },
    async update(id: number, input: BlockedTimeInput): Promise<BlockedTimeSaved> {
      assertNotPast(input);
      const row = await repo.update(id, input);
      if (!row) throw notFound(text.notFound);
      onChange();
      return saved(row);
    },
    async delete(id: number) {
      if (!(await repo.delete(id))) throw notFound(text.notFound);
      onChange();
    },
  };
}
export type BlockedTimesService = ReturnType<typeof createBlockedTimesService>;
