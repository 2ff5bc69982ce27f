import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts, Toaster } from "@/client/components/ui/toast";
import { createQueryClient } from "@/client/lib/query-client";
import { ruleSlots } from "@/common/booking-rules";
import { emptyDraftValues, type DraftValues, type WizardStep } from "../lib/draft-storage";
import { BookingWizard } from "./booking-wizard";

// 'Today' is Sunday 22 November 2026: service can be booked from Monday 7 December.
const TODAY = "2026-11-22";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Answer = { status?: number; body: unknown };
type Routes = Record<string, (url: URL, init?: RequestInit) => Answer>;

function stubFetch(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const route = routes[`${init?.method ?? "GET"} ${url.pathname}`];
    const answer = route ? route(url, init) : { status: 404, body: { message: "Hittades inte" } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Every service date of the window free except those listed. */
function rangeAnswer(url: URL, full: string[] = []): Answer {
  const from = url.searchParams.get("from") as string;
  const to = url.searchParams.get("to") as string;
  const dates = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    dates.push({ date, available: d.getUTCDay() !== 0 && !full.includes(date) });
  }
  return { body: { dates } };
}

function dayAnswer(url: URL, taken: string[] = []): Answer {
  const date = url.searchParams.get("date") as string;
  const slots = ruleSlots("service", date).map((s) => ({ ...s, available: !taken.includes(s.label) }));
  return { body: { date, slots } };
}

const serviceValues: DraftValues = {
  ...emptyDraftValues("service"),
  heatpumpModel: "Nibe F2120",
  description: "Årlig service",
};

function renderWizard(initialValues: DraftValues = emptyDraftValues(), initialStep: WizardStep = 1) {
  const onBooked = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BookingWizard initialValues={initialValues} initialStep={initialStep} getToday={() => TODAY} onBooked={onBooked} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onBooked };
}

const timeGroup = () => screen.getByRole("group", { name: "Välj starttid" });

describe("step 1", () => {
  it("stays on step 1 with the messages, then moves on once the step is filled in", async () => {
    stubFetch({ "GET /api/availability/range": (url) => rangeAnswer(url), "GET /api/availability/day": (url) => dayAnswer(url) });
    renderWizard();
    fireEvent.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await screen.findByText("Välj en tjänst")).toBeTruthy();
    expect(screen.getByText("En beskrivning krävs")).toBeTruthy();
    expect(screen.getByText("Ange värmepumpsmodell")).toBeTruthy();
    expect(screen.getByText("Formulärfel")).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: "Installation" }));
    fireEvent.change(screen.getByLabelText("Värmepumpsmodell"), { target: { value: "Nibe F2120" } });
    // Fixing a field removes its message while typing, not only on the next 'Nästa'.
    await waitFor(() => expect(screen.queryByText("Ange värmepumpsmodell")).toBeNull());
    fireEvent.change(screen.getByLabelText("Beskrivning"), { target: { value: "Flytt av pumpen" } });
    fireEvent.click(screen.getByRole("button", { name: "Nästa" }));
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "Välj tid" })).toBeTruthy());
  });

  it("hides the model for hembesok and shows the service price for the model", async () => {
    renderWizard({ ...emptyDraftValues("service") });
    const card = screen.getByRole("radio", { name: "Service" }).closest("label") as HTMLElement;
    expect(within(card).getByText("2 500–5 000 kr")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Värmepumpsmodell"), { target: { value: "Panasonic LZ" } });
    await waitFor(() => expect(within(card).getByText("2 500 kr")).toBeTruthy());
    fireEvent.click(screen.getByRole("radio", { name: "Hembesök" }));
    await waitFor(() => expect(screen.queryByLabelText("Värmepumpsmodell")).toBeNull());
  });
});

describe("step 2", () => {
  it("chooses the first date with a free time and offers only the free times", async () => {
    const fetchMock = stubFetch({
      "GET /api/availability/range": (url) => rangeAnswer(url, ["2026-12-07"]),
      "GET /api/availability/day": (url) => dayAnswer(url),
    });
    renderWizard(serviceValues, 2);
    // Monday 7 December is full: Tuesday 8 December is chosen.
    expect(await screen.findByText("tisdag 8 december 2026")).toBeTruthy();
    const tuesday = screen.getByRole("button", { name: "tisdag 8 december 2026" });
    expect(tuesday.getAttribute("aria-pressed")).toBe("true");
    expect((screen.getByRole("button", { name: "måndag 7 december 2026" }) as HTMLButtonElement).disabled).toBe(true);
    expect(await within(timeGroup()).findByRole("radio", { name: "15:30-17:30" })).toBeTruthy();
    // One request for the window, one for the day (DECISIONS 8).
    const paths = fetchMock.mock.calls.map(([u]) => new URL(String(u), "http://localhost").pathname);
    expect(paths.filter((p) => p === "/api/availability/range")).toHaveLength(1);
    expect(paths.filter((p) => p === "/api/availability/day")).toHaveLength(1);
  });

  it("clears a chosen time that is no longer free", async () => {
    stubFetch({
      "GET /api/availability/range": (url) => rangeAnswer(url),
      "GET /api/availability/day": (url) => dayAnswer(url, ["10:00-12:00"]),
    });
    renderWizard({ ...serviceValues, date: "2026-12-07", timeSlot: "10:00-12:00" }, 2);
    const free = await within(timeGroup()).findByRole("radio", { name: "08:00-10:00" });
    expect(free).toBeTruthy();
    expect(within(timeGroup()).queryByRole("radio", { name: "10:00-12:00" })).toBeNull();
    expect(within(timeGroup()).queryAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await screen.findByText("Välj en tid")).toBeTruthy();
  });

  it("shows every rule time when availability cannot be checked, and logs it in Swedish", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch({
      "GET /api/availability/range": () => ({ status: 500, body: { message: "Internt fel" } }),
      "GET /api/availability/day": () => ({ status: 500, body: { message: "Internt fel" } }),
    });
    renderWizard(serviceValues, 2);
    // The first rule-bookable date is chosen, with all of its rule slots.
    expect(await screen.findByText("måndag 7 december 2026")).toBeTruthy();
    await waitFor(() => expect(within(timeGroup()).getAllByRole("radio")).toHaveLength(5));
    expect(error).toHaveBeenCalledWith("Kunde inte kontrollera tillgängligheten", expect.anything());
    expect(error).toHaveBeenCalledWith("Fel vid hämtning av tillgängliga tider", "Kunde inte kontrollera tillgängligheten", expect.anything());
  });

  it("forgets a date the newly chosen service cannot be booked on, and picks a new one", async () => {
    stubFetch({ "GET /api/availability/range": (url) => rangeAnswer(url), "GET /api/availability/day": (url) => dayAnswer(url) });
    // Monday 7 December: a service day, but installation is Tuesday-Saturday only.
    renderWizard({ ...serviceValues, date: "2026-12-07", timeSlot: "10:00-12:00" }, 1);
    fireEvent.click(screen.getByRole("radio", { name: "Installation" }));
    fireEvent.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await screen.findByText("tisdag 8 december 2026")).toBeTruthy();
    expect(screen.getByRole("button", { name: "måndag 7 december 2026" }).getAttribute("aria-pressed")).toBe("false");
  });
});

describe("step 3", () => {
  const complete: DraftValues = {
    ...serviceValues,
    date: "2026-12-07",
    timeSlot: "08:00-10:00",
    name: "Lena Holm",
    email: "lena@exempel.se",
    phone: "070-123 45 67",
    address: "Storgatan 1",
    city: "Uppsala",
    postalCode: "753 20",
  };

  it("sends the booking and hands the created booking over", async () => {
    let sent: Record<string, unknown> = {};
    stubFetch({
      "POST /api/bookings": (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: { id: 7, ...sent, status: "confirmed", customer: {}, heatpumpModel: "Nibe F2120" } };
      },
    });
    const { onBooked } = renderWizard(complete, 3);
    fireEvent.click(screen.getByRole("button", { name: "Slutför bokning" }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledOnce());
    expect(sent).toMatchObject({ serviceType: "service", date: "2026-12-07", timeSlot: "08:00-10:00", images: [], postalCode: "753 20" });
  });

  it("goes back to step 2 with the remaining times when the time was taken meanwhile (409)", async () => {
    let taken: string[] = [];
    stubFetch({
      "POST /api/bookings": () => {
        taken = ["08:00-10:00"];
        return { status: 409, body: { message: "Tiden du valde hann tyvärr bokas av någon annan. Välj en av de lediga tiderna." } };
      },
      "GET /api/availability/range": (url) => rangeAnswer(url),
      "GET /api/availability/day": (url) => dayAnswer(url, taken),
    });
    const { onBooked } = renderWizard(complete, 3);
    fireEvent.click(screen.getByRole("button", { name: "Slutför bokning" }));
    expect(await screen.findByText("Tiden du valde hann tyvärr bokas av någon annan. Välj en av de lediga tiderna.")).toBeTruthy();
    expect(screen.getByText("Ett fel uppstod")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 2, name: "Välj tid" })).toBeTruthy();
    expect(await within(timeGroup()).findByRole("radio", { name: "10:00-12:00" })).toBeTruthy();
    expect(within(timeGroup()).queryByRole("radio", { name: "08:00-10:00" })).toBeNull();
    expect(onBooked).not.toHaveBeenCalled();
  });

  it("shows the server's message, or the fallback, when the booking fails", async () => {
    stubFetch({ "POST /api/bookings": () => ({ status: 500, body: {} }) });
    renderWizard(complete, 3);
    fireEvent.click(screen.getByRole("button", { name: "Slutför bokning" }));
    expect(await screen.findByText("Kunde inte slutföra bokningen. Försök igen senare.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Dina uppgifter" })).toBeTruthy();
  });
});
