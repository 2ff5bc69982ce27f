import { useState } from "react";
import { useLocation } from "react-router";

// rules §8 protocol messages stand inline on the page: a save or a failure on the form, and after a
// save, finish or delete on the page the technician lands on. Issue 23: only there, never a toast
// saying the same as well.

export type ProtocolNotice = { kind: "success" | "error"; text: string };
/** What a protocol page passes to the next one in the history entry's state. */
export type NoticeState = { protocolNotice?: ProtocolNotice };

export function ProtocolNoticeBox({ notice }: { notice: ProtocolNotice | null }) {
  if (!notice) return null;
  return notice.kind === "success" ? (
    <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 font-medium text-green-900">
      {notice.text}
    </p>
  ) : (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
      {notice.text}
    </p>
  );
}

/** The notice the previous page left in this history entry, if any (kept while the page shows). */
export function useArrivedNotice(): [ProtocolNotice | null, (notice: ProtocolNotice | null) => void] {
  const location = useLocation();
  return useState<ProtocolNotice | null>(() => (location.state as NoticeState | null)?.protocolNotice ?? null);
}
