import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts, Toaster } from "@/client/components/ui/toast";
import { createQueryClient } from "@/client/lib/query-client";
import { ruleSlots } from "@/common/booking-rules";
import { emptyDraftValues, type DraftValues, type WizardStep } from "../lib/draft-storage";
import { AUTOSAVE_DELAY_MS, BookingWizard, type StepChange } from "./booking-wizard";

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

/** The wizard as the page drives it: `rerender(step)` is the URL's step after Back or Forward. */
function renderControlled(options: {
  values: DraftValues;
  step: WizardStep;
  requested: WizardStep;
  onStepChange: (step: WizardStep, how: StepChange) => void;
}) {
  const client = createQueryClient();
  const tree = (requested: WizardStep) => (
    <QueryClientProvider client={client}>
      <BookingWizard
        initialValues={options.values}
        initialStep={options.step}
        getToday={() => TODAY}
        onBooked={() => {}}
        requestedStep={requested}
        onStepChange={options.onStepChange}
      />
      <Toaster />
    </QueryClientProvider>
  );
  const utils = render(tree(options.requested));
  return { rerender: (requested: WizardStep) => utils.rerender(tree(requested)) };
}

describe("step 1", () => {
  it("stays on step 1 with the messages, then moves on once the step is filled in", async () => {
    const user = userEvent.setup();
    stubFetch({ "GET /api/availability/range": (url) => rangeAnswer(url), "GET /api/availability/day": (url) => dayAnswer(url) });
    renderWizard();
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await screen.findByText("Välj en tjänst")).toBeInTheDocument();
    expect(screen.getByText("En beskrivning krävs")).toBeInTheDocument();
    expect(screen.getByText("Ange värmepumpsmodell")).toBeInTheDocument();
    expect(screen.getByText("Formulärfel")).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Installation" }));
    await user.type(screen.getByLabelText("Värmepumpsmodell"), "Nibe F2120");
    // Fixing a field removes its message while typing, not only on the next 'Nästa'.
    await waitFor(() => expect(screen.queryByText("Ange värmepumpsmodell")).not.toBeInTheDocument());
    await user.type(screen.getByLabelText("Beskrivning"), "Flytt av pumpen");
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "Välj tid" })).toBeInTheDocument());
  });

  it("hides the model for hembesok and shows the service price for the model", async () => {
    const user = userEvent.setup();
    renderWizard({ ...emptyDraftValues("service") });
    const card = screen.getByRole("radio", { name: "Service" }).closest("label") as HTMLElement;
    expect(within(card).getByText("2 500–5 000 kr")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Värmepumpsmodell"), "Panasonic LZ");
    await waitFor(() => expect(within(card).getByText("2 500 kr")).toBeInTheDocument());
    await user.click(screen.getByRole("radio", { name: "Hembesök" }));
    await waitFor(() => expect(screen.queryByLabelText("Värmepumpsmodell")).not.toBeInTheDocument());
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
    expect(await screen.findByText("tisdag 8 december 2026")).toBeInTheDocument();
    const tuesday = screen.getByRole("button", { name: "tisdag 8 december 2026" });
    expect(tuesday).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "måndag 7 december 2026" })).toBeDisabled();
    expect(await within(timeGroup()).findByRole("radio", { name: "15:30–17:30" })).toBeInTheDocument();
    // One request for the window, one for the day (rules D8).
    const paths = fetchMock.mock.calls.map(([u]) => new URL(String(u), "http://localhost").pathname);
    expect(paths.filter((p) => p === "/api/availability/range")).toHaveLength(1);
    expect(paths.filter((p) => p === "/api/availability/day")).toHaveLength(1);
  });

  it("clears a chosen time that is no longer free", async () => {
    const user = userEvent.setup();
    stubFetch({
      "GET /api/availability/range": (url) => rangeAnswer(url),
      "GET /api/availability/day": (url) => dayAnswer(url, ["10:00-12:00"]),
    });
    renderWizard({ ...serviceValues, date: "2026-12-07", timeSlot: "10:00-12:00" }, 2);
    const free = await within(timeGroup()).findByRole("radio", { name: "08:00–10:00" });
    expect(free).toBeInTheDocument();
    expect(free).toHaveAttribute("value", "08:00-10:00"); // the label is shown with an en dash, sent as it is
    expect(within(timeGroup()).queryByRole("radio", { name: "10:00–12:00" })).not.toBeInTheDocument();
    expect(
      within(timeGroup())
        .queryAllByRole("radio")
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await screen.findByText("Välj en tid")).toBeInTheDocument();
  });

  it("shows every rule time when availability cannot be checked, and logs it in Swedish", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch({
      "GET /api/availability/range": () => ({ status: 500, body: { message: "Internt fel" } }),
      "GET /api/availability/day": () => ({ status: 500, body: { message: "Internt fel" } }),
    });
    renderWizard(serviceValues, 2);
    // The first rule-bookable date is chosen, with all of its rule slots.
    expect(await screen.findByText("måndag 7 december 2026")).toBeInTheDocument();
    await waitFor(() => expect(within(timeGroup()).getAllByRole("radio")).toHaveLength(5));
    expect(error).toHaveBeenCalledWith("Kunde inte kontrollera tillgängligheten", expect.anything());
    expect(error).toHaveBeenCalledWith("Fel vid hämtning av tillgängliga tider", "Kunde inte kontrollera tillgängligheten", expect.anything());
  });

  it("forgets a date the newly chosen service cannot be booked on, and picks a new one", async () => {
    const user = userEvent.setup();
    stubFetch({ "GET /api/availability/range": (url) => rangeAnswer(url), "GET /api/availability/day": (url) => dayAnswer(url) });
    // Monday 7 December: a service day, but installation is Tuesday-Saturday only.
    renderWizard({ ...serviceValues, date: "2026-12-07", timeSlot: "10:00-12:00" }, 1);
    await user.click(screen.getByRole("radio", { name: "Installation" }));
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await screen.findByText("tisdag 8 december 2026")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "måndag 7 december 2026" })).toHaveAttribute("aria-pressed", "false");
  });
});

describe("holidays (rules D22)", () => {
  it("never offers julafton, juldagen, annandag jul or nyårsafton, even when the server would", async () => {
    stubFetch({ "GET /api/availability/range": (url) => rangeAnswer(url), "GET /api/availability/day": (url) => dayAnswer(url) });
    renderWizard(serviceValues, 2);
    expect(await screen.findByText("måndag 7 december 2026")).toBeInTheDocument();
    for (const [label, name] of [
      ["torsdag 24 december 2026", "julafton"],
      ["fredag 25 december 2026", "juldagen"],
      ["lördag 26 december 2026", "annandag jul"],
      ["torsdag 31 december 2026", "nyårsafton"],
    ]) {
      const day = await screen.findByRole("button", { name: `${label}, ${name}, stängt` });
      expect(day, label).toBeDisabled();
    }
    expect(screen.getByRole("button", { name: "onsdag 23 december 2026" })).toBeEnabled();
  });
});

describe("moving between steps", () => {
  it("follows the browser's Back, and Forward only as far as the steps before are complete", async () => {
    const user = userEvent.setup();
    stubFetch({ "GET /api/availability/range": (url) => rangeAnswer(url), "GET /api/availability/day": (url) => dayAnswer(url) });
    const onStepChange = vi.fn();
    const { rerender } = renderControlled({ values: serviceValues, step: 1, requested: 1, onStepChange });
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    await waitFor(() => expect(onStepChange).toHaveBeenLastCalledWith(2, "push"));
    rerender(2); // the page's URL follows, and the step with it
    expect(await screen.findByRole("heading", { level: 2, name: "Välj tid" })).toBeInTheDocument();
    rerender(1); // Back
    expect(await screen.findByRole("heading", { level: 2, name: "Tjänst & Beskrivning" })).toBeInTheDocument();
    rerender(2); // Forward: step 1 was complete
    expect(await screen.findByRole("heading", { level: 2, name: "Välj tid" })).toBeInTheDocument();
    rerender(3); // Forward past an incomplete step 2 (no time): stays there, says why
    expect(await screen.findByText("Välj en tid")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Välj tid" })).toBeInTheDocument();
    expect(onStepChange).toHaveBeenLastCalledWith(2, "replace");
    rerender(2);
    await user.click(screen.getByRole("button", { name: "Föregående" }));
    expect(onStepChange).toHaveBeenLastCalledWith(1, "back");
  });

  it("scrolls to the first field with an error and focuses it", async () => {
    const user = userEvent.setup();
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.getAttribute("data-field-group") ?? this.tagName);
    });
    renderWizard();
    await user.click(screen.getByRole("button", { name: "Nästa" }));
    expect(await screen.findByText("Välj en tjänst")).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toContain("serviceType"));
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Service" }));
    // The service choice's message sits right under its heading, above the cards.
    const message = screen.getByText("Välj en tjänst");
    expect(message.compareDocumentPosition(screen.getByRole("radio", { name: "Service" })) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});

describe("the draft (issue 8: saved as the customer types)", () => {
  afterEach(() => localStorage.clear());

  it("is saved a moment after typing stops, without pressing 'Spara bokning'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    try {
      localStorage.clear();
      renderWizard(emptyDraftValues("service"));
      await user.type(screen.getByLabelText("Beskrivning"), "Pumpen låter");
      expect(localStorage.getItem("booking_draft")).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50);
      });
      const draft = JSON.parse(localStorage.getItem("booking_draft") ?? "null");
      expect(draft).toMatchObject({ step: 1, values: { serviceType: "service", description: "Pumpen låter" } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("writes nothing for a page nobody typed in", async () => {
    localStorage.clear();
    renderWizard(emptyDraftValues("service"));
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DELAY_MS + 100));
    expect(localStorage.getItem("booking_draft")).toBeNull();
  });

  it("'Spara bokning' says plainly that the booking is not made yet", async () => {
    const user = userEvent.setup();
    renderWizard(serviceValues);
    await user.click(screen.getByRole("button", { name: "Spara bokning" }));
    expect(await screen.findByText("Utkastet är sparat – bokningen är inte klar")).toBeInTheDocument();
    expect(screen.getAllByText(/Tiden är inte bokad förrän du har tryckt på ”Slutför bokning” i steg 3/).length).toBeGreaterThan(0);
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
    const user = userEvent.setup();
    let sent: Record<string, unknown> = {};
    stubFetch({
      "POST /api/bookings": (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: { id: 7, ...sent, status: "confirmed", customer: {}, heatpumpModel: "Nibe F2120" } };
      },
    });
    const { onBooked } = renderWizard(complete, 3);
    await user.click(screen.getByRole("button", { name: "Slutför bokning" }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledOnce());
    expect(sent).toMatchObject({ serviceType: "service", date: "2026-12-07", timeSlot: "08:00-10:00", images: [], postalCode: "753 20" });
  });

  const TAKEN_MESSAGE = "Tiden du valde hann tyvärr bokas av någon annan. Välj en av de lediga tiderna.";

  it("goes back to step 2 with the message above the remaining times when the time was taken meanwhile (409)", async () => {
    const user = userEvent.setup();
    let taken: string[] = [];
    stubFetch({
      "POST /api/bookings": () => {
        taken = ["08:00-10:00"];
        return { status: 409, body: { message: TAKEN_MESSAGE } };
      },
      "GET /api/availability/range": (url) => rangeAnswer(url),
      "GET /api/availability/day": (url) => dayAnswer(url, taken),
    });
    const { onBooked } = renderWizard(complete, 3);
    await user.click(screen.getByRole("button", { name: "Slutför bokning" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Välj tid" })).toBeInTheDocument();
    // Inline in the time group, above the times; it stays (not a toast that goes after 5 seconds).
    const alert = await within(timeGroup()).findByRole("alert");
    expect(alert).toHaveTextContent(TAKEN_MESSAGE);
    expect(alert).toHaveTextContent("Tiden 08:00–10:00 måndag 7 december 2026 är inte längre ledig");
    expect(alert.compareDocumentPosition(await within(timeGroup()).findByRole("radio", { name: "10:00–12:00" })) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(within(timeGroup()).queryByRole("radio", { name: "08:00–10:00" })).not.toBeInTheDocument();
    expect(screen.queryByText("Ett fel uppstod")).not.toBeInTheDocument();
    expect(onBooked).not.toHaveBeenCalled();
    // Choosing another time puts the message away.
    await user.click(within(timeGroup()).getByRole("radio", { name: "10:00–12:00" }));
    await waitFor(() => expect(within(timeGroup()).queryByRole("alert")).not.toBeInTheDocument());
  });

  it("chooses the next date with a free time when the taken time was the date's last (409)", async () => {
    const user = userEvent.setup();
    let full: string[] = [];
    stubFetch({
      "POST /api/bookings": () => {
        full = ["2026-12-07"];
        return { status: 409, body: { message: TAKEN_MESSAGE } };
      },
      "GET /api/availability/range": (url) => rangeAnswer(url, full),
      "GET /api/availability/day": (url) =>
        dayAnswer(url, full.includes(url.searchParams.get("date") ?? "") ? ruleSlots("service", "2026-12-07").map((s) => s.label) : []),
    });
    renderWizard(complete, 3);
    await user.click(screen.getByRole("button", { name: "Slutför bokning" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Välj tid" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "tisdag 8 december 2026" })).toHaveAttribute("aria-pressed", "true"));
    const alert = within(timeGroup()).getByRole("alert");
    expect(alert).toHaveTextContent(TAKEN_MESSAGE);
    expect(alert).toHaveTextContent("Måndag 7 december 2026 är nu fullbokad. Vi har valt nästa dag med lediga tider, tisdag 8 december 2026.");
    expect(await within(timeGroup()).findByRole("radio", { name: "15:30–17:30" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "måndag 7 december 2026" })).toBeDisabled();
  });

  it("shows the server's message, or the fallback, when the booking fails", async () => {
    const user = userEvent.setup();
    stubFetch({ "POST /api/bookings": () => ({ status: 500, body: {} }) });
    renderWizard(complete, 3);
    await user.click(screen.getByRole("button", { name: "Slutför bokning" }));
    expect(await screen.findByText("Kunde inte slutföra bokningen. Försök igen senare.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Dina uppgifter" })).toBeInTheDocument();
  });
});
