// The troubleshooting assistant's text in the booking's description (rules §2 "continue to booking").

/** What the assistant hands the booking form: the service it recommends (if any) and its text. */
export type BookingHandoff = { id: number; serviceType?: "service" | "troubleshooting" | "installation"; description: string };

/**
 * The description with the assistant's text: in place of an earlier hand-off (the customer ran the
 * assistant again), else after what the customer had written in the form themselves, never twice.
 */
export function withHandoff(current: string, handoff: string, previous: string | null): string {
  const own = current.trim();
  if (!own) return handoff;
  if (previous && own.includes(previous)) return own.replace(previous, handoff);
  if (own.includes(handoff)) return own;
  return `${own}\n\n${handoff}`;
}
