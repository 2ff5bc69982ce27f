import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { YearMonth } from "../lib/month-grid";
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
  it("names every day in Swedish and lets only the enabled ones be picked", () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    expect(screen.getByText("december 2026")).toBeTruthy();
    expect(day("söndag 6 december 2026").disabled).toBe(true);
    expect(day("tisdag 1 december 2026").disabled).toBe(true);
    fireEvent.click(day("måndag 7 december 2026"));
    expect(onSelect).toHaveBeenCalledWith("2026-12-07");
    expect(day("måndag 7 december 2026").getAttribute("aria-pressed")).toBe("true");
    expect(day("tisdag 8 december 2026").getAttribute("aria-pressed")).toBe("false");
  });

  it("keeps one day in the tab order and moves between pickable days with the arrow keys, across months", () => {
    render(<Harness />);
    const first = day("måndag 7 december 2026");
    expect(first.tabIndex).toBe(0);
    expect(day("tisdag 8 december 2026").tabIndex).toBe(-1);
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight" });
    expect(document.activeElement).toBe(day("tisdag 8 december 2026"));
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(document.activeElement).toBe(day("måndag 14 december 2026"));
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    // 21 and 28 December cannot be picked: the next pickable Monday is in January.
    expect(screen.getByText("januari 2027")).toBeTruthy();
    expect(document.activeElement).toBe(day("måndag 4 januari 2027"));
    expect(day("måndag 4 januari 2027").tabIndex).toBe(0);
  });

  it("does not go to months outside the booking window", () => {
    render(<Harness />);
    expect((screen.getByRole("button", { name: "Föregående månad" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Nästa månad" }));
    fireEvent.click(screen.getByRole("button", { name: "Nästa månad" }));
    expect(screen.getByText("februari 2027")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Nästa månad" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
