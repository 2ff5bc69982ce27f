import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { mockFetch, renderApp, technicianUser } from "@/client/test/test-utils";
import type { Absence } from "@/common/schemas/technician-calendars";

// rules D25: the technician sees their own coming absences on their dashboard ('Min frånvaro').

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const absences: Absence[] = [
  { id: 31, date: "2099-12-21", startTime: "00:00", endTime: "23:59", reason: "Semester" },
  { id: 32, date: "2099-12-22", startTime: "08:00", endTime: "12:00", reason: "Kurs hos tillverkaren" },
];

const section = () => screen.findByRole("region", { name: "Min frånvaro" });

describe("'Min frånvaro' on the technician's dashboard", () => {
  it("lists the technician's coming absences with their days, times and reasons", async () => {
    const fetchMock = mockFetch({ "GET /api/technician/bookings": { body: [] }, "GET /api/technician/absences": { body: absences } });
    renderApp("/technician", { user: technicianUser });
    const list = await within(await section()).findByRole("list", { name: "Min frånvaro" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^21 dec\. 2099\s*Hela dagen\s*Semester$/);
    expect(items[1]).toHaveTextContent(/^22 dec\. 2099\s*08:00–12:00\s*Kurs hos tillverkaren$/);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/technician/absences")).toBe(true);
  });

  it("says when there is none, and when it could not be read", async () => {
    mockFetch({ "GET /api/technician/bookings": { body: [] }, "GET /api/technician/absences": { body: [] } });
    renderApp("/technician", { user: technicianUser });
    expect(await within(await section()).findByText("Ingen frånvaro inlagd")).toBeInTheDocument();
    cleanup();

    mockFetch({ "GET /api/technician/bookings": { body: [] }, "GET /api/technician/absences": { status: 500, body: "" } });
    renderApp("/technician", { user: technicianUser });
    expect(await within(await section()).findByRole("alert")).toHaveTextContent("Kunde inte hämta din frånvaro.");
  });
});
