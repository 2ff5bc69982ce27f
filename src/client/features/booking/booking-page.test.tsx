import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { ruleSlots } from "@/common/booking-rules";
import { mockFetch, renderApp } from "@/client/test/test-utils";

// Issue 8: each wizard step has its own history entry (?step=2); Back, Forward and a reload keep
// what was entered. The clock is the real one: the answers below offer every date of any window.

beforeEach(() => {
  localStorage.clear();
  mockFetch({
    "GET /api/availability/range": (_init, url) => {
      const params = new URL(url, "http://localhost").searchParams;
      const dates = [];
      for (let d = new Date(`${params.get("from")}T00:00:00Z`); d <= new Date(`${params.get("to")}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
        dates.push({ date: d.toISOString().slice(0, 10), available: true });
      }
      return { body: { dates } };
    },
    "GET /api/availability/day": (_init, url) => {
      const date = new URL(url, "http://localhost").searchParams.get("date") ?? "";
      return { body: { date, slots: ruleSlots("hembesok", date).map((s) => ({ ...s, available: true })) } };
    },
  });
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  localStorage.clear();
});

const heading = (name: string) => screen.findByRole("heading", { level: 2, name }, { timeout: 10_000 });

async function fillStep1(user: UserEvent) {
  await waitFor(() => expect(screen.getByRole("radio", { name: "Hembesök" })).toBeEnabled(), { timeout: 10_000 });
  await user.click(screen.getByRole("radio", { name: "Hembesök" }));
  await user.type(screen.getByLabelText("Beskrivning"), "Vill ha råd om bergvärme");
}

describe("the booking page's history", () => {
  it("gives each step its own entry: Back and Forward move between the steps and keep what was entered", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/booking?service=hembesok", { user: null });
    expect(await heading("Tjänst & Beskrivning")).toBeInTheDocument();
    await fillStep1(user);
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await heading("Välj tid")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?service=hembesok&step=2");

    await act(() => router.navigate(-1));
    expect(await heading("Tjänst & Beskrivning")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?service=hembesok");
    expect(screen.getByLabelText("Beskrivning")).toHaveValue("Vill ha råd om bergvärme");
    expect(screen.getByRole("radio", { name: "Hembesök" })).toBeChecked();

    await act(() => router.navigate(1));
    expect(await heading("Välj tid")).toBeInTheDocument();

    // 'Föregående' is the browser's Back: no new entry.
    await user.click(screen.getByRole("button", { name: "Föregående" }));
    expect(await heading("Tjänst & Beskrivning")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe("?service=hembesok"));
    expect(router.state.historyAction).toBe("POP");
  });

  it("keeps the step and what was entered over a reload (the draft is saved as the customer types)", async () => {
    const user = userEvent.setup();
    const first = renderApp("/booking", { user: null });
    expect(await heading("Tjänst & Beskrivning")).toBeInTheDocument();
    await fillStep1(user);
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await heading("Välj tid")).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem("booking_draft") ?? "{}").step).toBe(2), { timeout: 3000 });
    const url = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    expect(url).toBe("/booking?step=2");
    first.unmount();

    renderApp(url, { user: null }); // the reload
    expect(await heading("Välj tid")).toBeInTheDocument();
    expect(screen.getByText(/Vi har hämtat din sparade bokning/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Föregående" }));
    expect(await heading("Tjänst & Beskrivning")).toBeInTheDocument();
    expect(screen.getByLabelText("Beskrivning")).toHaveValue("Vill ha råd om bergvärme");
  });

  it("does not open a later step whose earlier steps are not filled in", async () => {
    const { router } = renderApp("/booking?step=3", { user: null });
    expect(await heading("Tjänst & Beskrivning")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });
});
