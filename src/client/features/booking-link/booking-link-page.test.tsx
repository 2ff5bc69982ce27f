import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { mockFetch, renderApp } from "@/client/test/test-utils";
import type { BookingLinkView } from "@/common/schemas/booking-links";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const TOKEN = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
const PATH = `/booking/shared/${TOKEN}`;
const API = `GET /api/booking-links/${TOKEN}`;

function view(overrides: Partial<BookingLinkView> = {}): BookingLinkView {
  return {
    booking: {
      id: 123,
      status: "confirmed",
      serviceType: "service",
      date: "2027-01-25",
      timeSlot: "15:30-17:30",
      heatpumpModel: "Nibe F2120",
      description: "Årlig service.",
      customerName: "Karin Berg",
      address: "Storgatan 12",
      postalCode: "753 20",
      city: "Uppsala",
    },
    technician: { name: "Erik Johansson", phone: "070-111 22 33" },
    images: [],
    updatesAllowed: false,
    selfService: { canChange: true, deadline: "2027-01-24T14:30:00.000Z", reason: null },
    calendarUrl: `/api/booking-links/${TOKEN}/calendar.ics`,
    company: {
      name: "Värmepumpsservice i Sverige AB",
      phone: "08-123 456 70",
      email: "info@varmepumpsservice.se",
      openingHours: "Måndag–fredag 08:00–17:00, helger stängt",
    },
    invoices: [],
    agreementVisit: null,
    refrigerantReportYears: [],
    leakCheckVisit: null,
    ...overrides,
  };
}

describe("the customer's booking link page", () => {
  it("shows 'Ogiltig länk' and a way to the start page for an unknown, expired or deactivated link", async () => {
    mockFetch({ [API]: { status: 404, body: { message: "Denna länk har upphört att gälla eller tagits bort." } } });
    renderApp(PATH, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Ogiltig länk" })).toBeInTheDocument();
    expect(screen.getByText("Denna länk har upphört att gälla eller tagits bort.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Till startsidan" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Din bokning | Värmepumpsservice");
  });

  it("tells of any other failure with the rules §8 text and lets the customer try again", async () => {
    const user = userEvent.setup();
    let answer = { status: 500, body: "" as unknown };
    mockFetch({ [API]: () => answer });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Kunde inte hämta bokningsinformation. Var god försök igen senare.")).toBeInTheDocument();
    answer = { status: 200, body: view() };
    await user.click(screen.getByRole("button", { name: "Försök igen" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Din bokning" })).toBeInTheDocument();
  });

  it("shows the booking: status, Swedish date, time, service, model, customer, address, technician, .ics, contact, terms", async () => {
    mockFetch({ [API]: { body: view() } });
    renderApp(PATH, { user: null });
    const details = await screen.findByRole("region", { name: "Bokningsinformation" });
    expect(screen.getByText("Bekräftad")).toBeInTheDocument();
    for (const value of ["måndag 25 januari 2027", "15:30–17:30", "Service", "Nibe F2120", "Karin Berg", "Storgatan 12, 753 20 Uppsala", "Erik Johansson"])
      expect(details).toHaveTextContent(value);
    expect(within(details).getByRole("link", { name: /Ring Erik Johansson/ })).toHaveAttribute("href", "tel:+46701112233");
    const ics = within(details).getByRole("link", { name: "Lägg till i kalender (.ics)" });
    expect(ics).toHaveAttribute("href", `/api/booking-links/${TOKEN}/calendar.ics`);
    expect(ics).toHaveAttribute("download", "123.ics");
    expect(screen.getByRole("region", { name: "Kontakta oss" })).toHaveTextContent("Måndag–fredag 08:00–17:00, helger stängt");
    expect(screen.getByRole("region", { name: "Avbokning" })).toHaveTextContent("senast 24 timmar");
    // The no-break space matters here, and toHaveTextContent would read it as a plain space.
    expect(screen.getByRole("region", { name: "Avbokning" }).textContent).toContain("50\u00a0%");
    expect(screen.getByRole("region", { name: "Om den här länken" })).toBeInTheDocument();
    // Self-service is open until the deadline (Stockholm time).
    const selfService = screen.getByRole("region", { name: "Ändra eller avboka" });
    expect(selfService).toHaveTextContent(/söndag 24 januari (kl. )?15:30/);
    expect(within(selfService).getByRole("button", { name: "Flytta besöket" })).toBeInTheDocument();
    expect(within(selfService).getByRole("button", { name: "Avboka besöket" })).toBeInTheDocument();
    // Not allowed to add images: read-only.
    const images = screen.getByRole("region", { name: "Bilder" });
    expect(within(images).queryByLabelText("Bild")).not.toBeInTheDocument();
    expect(images).toHaveTextContent("Du kan inte lägga till eller ta bort bilder");
  });

  it("within 24 hours offers no cancel or move but says why, with the phone number", async () => {
    const reason = "Besöket är om mindre än 24 timmar och kan inte längre ändras här. Ring oss på 08-123 456 70 så hjälper vi dig.";
    mockFetch({ [API]: { body: view({ selfService: { canChange: false, deadline: "2026-11-22T14:30:00.000Z", reason } }) } });
    renderApp(PATH, { user: null });
    const selfService = await screen.findByRole("region", { name: "Ändra eller avboka" });
    expect(selfService).toHaveTextContent(reason);
    expect(within(selfService).queryByRole("button")).not.toBeInTheDocument();
  });

  it("asks for a file before uploading and sends image, caption and token as multipart", async () => {
    const user = userEvent.setup();
    let sent: FormData | undefined;
    const fetchMock = mockFetch({
      [API]: { body: view({ updatesAllowed: true }) },
      "POST /api/booking/images": (init) => {
        sent = init?.body as FormData;
        return {
          status: 201,
          body: {
            id: 5,
            imageUrl: "/api/booking/images/5/file",
            caption: "Typskylt",
            uploadedBy: "customer",
            uploadedByName: null,
            createdAt: "2026-11-22T10:00:00.000Z",
          },
        };
      },
    });
    renderApp(PATH, { user: null });
    const images = await screen.findByRole("region", { name: "Bilder" });
    expect(images).toHaveTextContent("JPG, PNG, GIF, WebP eller HEIC, högst 10 MB per bild.");
    await user.click(within(images).getByRole("button", { name: "Ladda upp bild" }));
    expect(await within(images).findByText("Välj en bild att ladda upp")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    const input = within(images).getByLabelText("Bild") as HTMLInputElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], "typskylt.png", { type: "image/png" });
    await user.upload(input, file);
    await user.type(within(images).getByLabelText("Bildtext (valfritt)"), "Typskylt");
    await user.click(within(images).getByRole("button", { name: "Ladda upp bild" }));
    expect(await screen.findByText("Bild uppladdad")).toBeInTheDocument();
    await waitFor(() => expect(sent).toBeInstanceOf(FormData));
    expect(sent?.get("token")).toBe(TOKEN);
    expect(sent?.get("caption")).toBe("Typskylt");
    expect((sent?.get("image") as File).name).toBe("typskylt.png");
  });

  it("moves the visit in a dialog with the free dates and times, and shows a refusal in Swedish", async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    mockFetch({
      [API]: { body: view() },
      // Every date of the window has a free time; the calendar still follows the booking rules.
      "GET /api/availability/range": (_init, url) => {
        const query = new URL(url, "http://localhost").searchParams;
        const dates: { date: string; available: boolean }[] = [];
        for (let d = new Date(`${query.get("from")}T00:00:00Z`); d <= new Date(`${query.get("to")}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
          dates.push({ date: d.toISOString().slice(0, 10), available: true });
        return { body: { dates } };
      },
      "GET /api/availability/day": (_init, url) => ({
        body: {
          date: new URL(url, "http://localhost").searchParams.get("date"),
          slots: [{ label: "15:30-17:30", start: "15:30", end: "17:30", available: true }],
        },
      }),
      [`POST /api/booking-links/${TOKEN}/reschedule`]: (init) => {
        moves.push(JSON.parse(String(init?.body)));
        return { status: 409, body: { message: "Tiden du valde hann tyvärr bokas av någon annan. Välj en annan tid." } };
      },
    });
    renderApp(PATH, { user: null });
    await user.click(await screen.findByRole("button", { name: "Flytta besöket" }));
    const dialog = await screen.findByRole("dialog", { name: "Flytta besöket" });
    expect(dialog).toHaveTextContent("Nuvarande tid: måndag 25 januari 2027 kl. 15:30–17:30");

    // Nothing chosen: the dialog asks for a time instead of sending.
    await user.click(within(dialog).getByRole("button", { name: "Flytta till vald tid" }));
    expect(await within(dialog).findByText("Välj en ny tid först.")).toBeInTheDocument();

    const day = await waitFor(() => {
      const enabled = dialog.querySelector<HTMLButtonElement>("button[data-date]:not([disabled])");
      expect(enabled).toBeInTheDocument();
      return enabled!;
    });
    await user.click(day);
    await user.click(await within(dialog).findByRole("radio", { name: "15:30–17:30" }));
    await user.click(within(dialog).getByRole("button", { name: "Flytta till vald tid" }));
    expect(await within(dialog).findByText("Tiden du valde hann tyvärr bokas av någon annan. Välj en annan tid.")).toBeInTheDocument();
    expect(moves).toEqual([{ date: day.dataset.date, timeSlot: "15:30-17:30" }]);
  });

  it("for a visit a service agreement held, says the month it moves within and confirms the time (issue 26)", async () => {
    const user = userEvent.setup();
    const proposed = view({
      booking: { ...view().booking, status: "planned" },
      agreementVisit: { month: "2027-01", monthText: "januari 2027", canConfirm: true },
    });
    const confirmed = view({
      booking: { ...view().booking, status: "confirmed" },
      agreementVisit: { month: "2027-01", monthText: "januari 2027", canConfirm: false },
    });
    const fetchMock = mockFetch({ [API]: { body: proposed }, [`POST /api/booking-links/${TOKEN}/confirm`]: { body: confirmed } });
    renderApp(PATH, { user: null });
    const selfService = await screen.findByRole("region", { name: "Ändra eller avboka" });
    expect(selfService).toHaveTextContent("Besök enligt ditt serviceavtal");
    expect(selfService).toHaveTextContent("flytta besöket till en annan ledig tid i januari 2027");
    await user.click(within(selfService).getByRole("button", { name: "Bekräfta tiden" }));
    expect(await screen.findByText("Tiden är bekräftad")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/${TOKEN}/confirm`) && init?.method === "POST")).toBe(true);
    expect(within(selfService).queryByRole("button", { name: "Bekräfta tiden" })).not.toBeInTheDocument();
    expect(selfService).toHaveTextContent("Besöket ingår i ditt serviceavtal. Det kan flyttas till en annan ledig tid i januari 2027.");
  });

  it("for a due leak check the system held, says why, how late it may move, and confirms the time (issue 26)", async () => {
    const user = userEvent.setup();
    const leakCheck = { latest: "2027-01-15", latestText: "15 januari 2027", followUp: false };
    const proposed = view({ booking: { ...view().booking, status: "planned" }, leakCheckVisit: { ...leakCheck, canConfirm: true } });
    const confirmed = view({ booking: { ...view().booking, status: "confirmed" }, leakCheckVisit: { ...leakCheck, canConfirm: false } });
    const fetchMock = mockFetch({ [API]: { body: proposed }, [`POST /api/booking-links/${TOKEN}/confirm`]: { body: confirmed } });
    renderApp(PATH, { user: null });
    const selfService = await screen.findByRole("region", { name: "Ändra eller avboka" });
    expect(selfService).toHaveTextContent("Läckagekontroll enligt F-gasreglerna");
    expect(selfService).toHaveTextContent("EU:s F-gasregler kräver att den läckagekontrolleras regelbundet");
    expect(selfService).toHaveTextContent("flytta besöket till en annan ledig tid senast 15 januari 2027");
    expect(selfService).not.toHaveTextContent("serviceavtal");
    await user.click(within(selfService).getByRole("button", { name: "Bekräfta tiden" }));
    expect(await screen.findByText("Tiden är bekräftad")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/${TOKEN}/confirm`) && init?.method === "POST")).toBe(true);
    expect(within(selfService).queryByRole("button", { name: "Bekräfta tiden" })).not.toBeInTheDocument();
    expect(selfService).toHaveTextContent("Besöket kan flyttas till en annan ledig tid senast 15 januari 2027.");
  });

  it("says a repaired leak's follow-up is due within a month of the repair (issue 26)", async () => {
    const followUp = { latest: "2027-01-13", latestText: "13 januari 2027", followUp: true, canConfirm: true };
    mockFetch({ [API]: { body: view({ booking: { ...view().booking, status: "planned" }, leakCheckVisit: followUp }) } });
    renderApp(PATH, { user: null });
    const selfService = await screen.findByRole("region", { name: "Ändra eller avboka" });
    expect(selfService).toHaveTextContent("Läckagekontroll enligt F-gasreglerna");
    expect(selfService).toHaveTextContent("Efter att ett läckage har lagats ska värmepumpen enligt F-gasreglerna kontrolleras igen inom en månad.");
    expect(within(selfService).getByRole("button", { name: "Bekräfta tiden" })).toBeInTheDocument();
  });

  it("cancels the visit after confirmation and shows it as cancelled", async () => {
    const user = userEvent.setup();
    const cancelled = view({
      booking: { ...view().booking, status: "cancelled" },
      selfService: {
        canChange: false,
        deadline: "2027-01-24T14:30:00.000Z",
        reason: "Bokningen kan inte ändras eftersom den redan är avbokad eller genomförd.",
      },
    });
    mockFetch({ [API]: { body: view() }, [`POST /api/booking-links/${TOKEN}/cancel`]: { body: cancelled } });
    renderApp(PATH, { user: null });
    await user.click(await screen.findByRole("button", { name: "Avboka besöket" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Avboka besöket?" });
    await user.click(within(confirm).getByRole("button", { name: "Avboka besöket" }));
    expect(await screen.findByText("Avbokad")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Ändra eller avboka" })).toHaveTextContent("redan är avbokad");
    expect(await screen.findByText("Besöket är avbokat")).toBeInTheDocument();
  });

  it("lists the booking's invoices with a link to each (issue 25), and nothing when the answer has none", async () => {
    const invoices = [
      {
        number: 1001,
        kind: "invoice",
        status: "sent",
        issueDate: "2026-11-02",
        dueDate: "2026-12-02",
        toPayOre: 175_000,
        url: "/faktura/tok1tok1tok1tok1tok1tok1",
      },
      {
        number: 1002,
        kind: "credit",
        status: "sent",
        issueDate: "2026-11-05",
        dueDate: "2026-11-05",
        toPayOre: -175_000,
        url: "/faktura/tok2tok2tok2tok2tok2tok2",
      },
    ];
    mockFetch({ [API]: { body: { ...view(), invoices } } });
    renderApp(PATH, { user: null });
    const region = await screen.findByRole("region", { name: "Fakturor" });
    expect(region).toHaveTextContent("Faktura 1001 · Att betala");
    expect(region).toHaveTextContent("Fakturadatum 2 nov. 2026, förfallodag 2 dec. 2026");
    expect(region).toHaveTextContent("Belopp: 1 750,00 kr");
    expect(region).toHaveTextContent("Kreditfaktura 1002 · Kreditfaktura");
    expect(within(region).getByRole("link", { name: "Visa fakturan Faktura 1001" })).toHaveAttribute("href", "/faktura/tok1tok1tok1tok1tok1tok1");
    cleanup();

    mockFetch({ [API]: { body: view() } });
    renderApp(PATH, { user: null });
    await screen.findByRole("region", { name: "Bokningsinformation" });
    expect(screen.queryByRole("region", { name: "Fakturor" })).not.toBeInTheDocument();
  });

  it("offers the yearly refrigerant report of each year the answer lists, newest first, as plain downloads (issue 26)", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [API]: { body: view({ refrigerantReportYears: [2026, 2025] }) } });
    const { router } = renderApp(PATH, { user: null });
    const region = await screen.findByRole("region", { name: "Köldmedierapport" });
    expect(region).toHaveTextContent("Lämna den till kommunens miljökontor när en årsrapport krävs.");
    const links = within(region).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Ladda ner rapporten för 2026 (PDF)", "Ladda ner rapporten för 2025 (PDF)"]);
    expect(links[0]).toHaveAttribute("href", `/api/booking-links/${TOKEN}/refrigerant-report/2026.pdf`);
    expect(links[1]).toHaveAttribute("href", `/api/booking-links/${TOKEN}/refrigerant-report/2025.pdf`);
    for (const link of links) expect(link).toHaveAttribute("download");
    // The browser downloads the file: the app's router does not take the click, and nothing is fetched.
    const calls = fetchMock.mock.calls.length;
    await user.click(links[0]);
    expect(router.state.location.pathname).toBe(PATH);
    expect(screen.getByRole("region", { name: "Köldmedierapport" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it("shows no refrigerant report without a year, nor for an answer without the field", async () => {
    mockFetch({ [API]: { body: view() } });
    renderApp(PATH, { user: null });
    await screen.findByRole("region", { name: "Bokningsinformation" });
    expect(screen.queryByRole("region", { name: "Köldmedierapport" })).not.toBeInTheDocument();
    cleanup();

    const { refrigerantReportYears: _omitted, ...older } = view({ refrigerantReportYears: [2026] });
    mockFetch({ [API]: { body: older } });
    renderApp(PATH, { user: null });
    await screen.findByRole("region", { name: "Bokningsinformation" });
    expect(screen.queryByRole("region", { name: "Köldmedierapport" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Ladda ner rapporten/)).not.toBeInTheDocument();
  });
});
