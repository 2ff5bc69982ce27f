import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useResendWhenOnline } from "./use-resend-when-online";

beforeEach(() => vi.useFakeTimers());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("useResendWhenOnline", () => {
  it("does nothing while no save is waiting", () => {
    const resend = vi.fn();
    renderHook(() => useResendWhenOnline(null, resend));
    window.dispatchEvent(new Event("online"));
    vi.advanceTimersByTime(30_000);
    expect(resend).not.toHaveBeenCalled();
  });

  it("sends the waiting save again when the browser reports the connection", () => {
    const resend = vi.fn();
    renderHook(() => useResendWhenOnline("finish", resend));
    window.dispatchEvent(new Event("online"));
    expect(resend).toHaveBeenCalledWith("finish");
  });

  it("tries every 15 s while the browser says it is online, and stops once nothing waits", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const resend = vi.fn();
    const { rerender } = renderHook(({ waiting }: { waiting: "draft" | null }) => useResendWhenOnline(waiting, resend), {
      initialProps: { waiting: "draft" as "draft" | null },
    });
    vi.advanceTimersByTime(14_999);
    expect(resend).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(resend).toHaveBeenCalledWith("draft");
    rerender({ waiting: null });
    vi.advanceTimersByTime(30_000);
    expect(resend).toHaveBeenCalledTimes(1);
  });
});
