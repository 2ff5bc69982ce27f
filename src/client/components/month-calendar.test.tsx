import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { YearMonth } from "@/client/lib/month-grid";
import { MonthCalendar } from "./month-calendar";

afterEach(cleanup);

const enabled = new Set(["2026-12-07", "2026-12-08", "2026-12-14", "2027-01-04"]);

function Harness({ onSelect = () => {} }: { onSelect?: (date: string) => void }) {
  const [month, setMonth] = useState<YearMonth>("2026-12");
  const [selected, setSelected] = useState("");
  return (
    <MonthCalendar
      id="cal"
      month={month}
      onMonthChange={setMonth}
      min="2026-12-06"
      max="2027-02-04"
      isEnabled={(d) => enabled.has(d)}
      selected={selected}
      onSelect={(d) => {
        setSelected(d);
        onSelect(d);
      }}
      today="2026-11-22"
      busy={false}
    />
  );
}

const day = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("MonthCalendar", () => {
  it("names every day in Swedish and lets only the enabled ones be picked", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    expect(screen.getByText("december 2026")).toBeInTheDocument();
    expect(day("söndag 6 december 2026")).toBeDisabled();
    expect(day("tisdag 1 december 2026")).toBeDisabled();
    await user.click(day("måndag 7 december 2026"));
    expect(onSelect).toHaveBeenCalledWith("2026-12-07");
    expect(day("måndag 7 december 2026")).toHaveAttribute("aria-pressed", "true");
    expect(day("tisdag 8 december 2026")).toHaveAttribute("aria-pressed", "false");
  });

  it("keeps one day in the tab order and moves between pickable days with the arrow keys, across months", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const first = day("måndag 7 december 2026");
    expect(first.tabIndex).toBe(0);
    expect(day("tisdag 8 december 2026").tabIndex).toBe(-1);
    first.focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(day("tisdag 8 december 2026"));
    await user.keyboard("{ArrowLeft}{ArrowDown}");
    expect(document.activeElement).toBe(day("måndag 14 december 2026"));
    await user.keyboard("{ArrowDown}");
    // 21 and 28 December cannot be picked: the next pickable Monday is in January.
    expect(screen.getByText("januari 2027")).toBeInTheDocument();
    expect(document.activeElement).toBe(day("måndag 4 januari 2027"));
    expect(day("måndag 4 januari 2027").tabIndex).toBe(0);
  });

  it("does not go to months outside the booking window", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole("button", { name: "Föregående månad" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Nästa månad" }));
    await user.click(screen.getByRole("button", { name: "Nästa månad" }));
    expect(screen.getByText("februari 2027")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Nästa månad" })).toBeDisabled();
  });
});
