import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts, toast, Toaster, TOAST_DURATION_MS } from "./toast";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.useRealTimers();
});

function viewport() {
  return screen.getByRole("region");
}

describe("toasts", () => {
  it("shows one toast at a time: a new one replaces the previous", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Första", description: "Hej" });
    });
    expect(within(viewport()).getByText("Första")).toBeInTheDocument();

    act(() => {
      toast({ title: "Andra", variant: "destructive" });
    });
    expect(within(viewport()).queryByText("Första")).not.toBeInTheDocument();
    expect(within(viewport()).getByText("Andra")).toBeInTheDocument();
    expect(viewport().querySelectorAll("li")).toHaveLength(1);
  });

  it("marks destructive toasts so they get the error style", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Inloggningen misslyckades", variant: "destructive" });
    });
    const title = within(viewport()).getByText("Inloggningen misslyckades");
    expect(title.closest("[data-variant]")).toHaveAttribute("data-variant", "destructive");
  });

  it("closes by itself after 5 seconds", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: "Inloggad" });
    });
    expect(within(viewport()).getByText("Inloggad")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 500);
    });
    expect(within(viewport()).queryByText("Inloggad")).not.toBeInTheDocument();
  });

  it("can be dismissed with its close button", () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: "Sparat" });
    });
    act(() => handle?.dismiss());
    expect(within(viewport()).queryByText("Sparat")).not.toBeInTheDocument();
  });

  it("labels the region with the F8 hotkey in Swedish", () => {
    render(<Toaster />);
    expect(viewport()).toHaveAttribute("aria-label", "Aviseringar (F8)");
  });
});
