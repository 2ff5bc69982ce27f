import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { agreementFixture } from "@/client/test/agreement-fixtures";
import { adminUser, mockFetch, renderApp } from "@/client/test/test-utils";
import { addDays, todayIn } from "@/common/booking-rules";
import type { Agreement } from "@/common/schemas/agreements";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const main = () => within(screen.getByRole("main"));
/** The actions offered, by their visible text. */
const actionNames = () => Array.from(main().getByRole("group", { name: "Åtgärder" }).querySelectorAll("button")).map((button) => button.textContent?.trim());

function posted(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === path && init?.method === "POST")
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : null));
}

function renderAgreement(agreement: Agreement, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ [`GET /api/admin/agreements/${agreement.id}`]: { body: agreement }, ...handlers });
  const rendered = renderApp(`/admin/agreements/${agreement.id}`, { user: adminUser });
  return { fetchMock, ...rendered };
}

const pending = agreementFixture({ status: "pending", acceptedAt: null, acceptedFrom: null, events: [] });

describe("/admin/agreements/:id", () => {
  it("shows the terms, the status, when and from where the customer accepted, and the history", async () => {
    renderAgreement(agreementFixture({ visitsPerYear: 2 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Avtal #12" })).toBeInTheDocument();
    expect(main().getByText("Aktivt")).toBeInTheDocument();

    const terms = main().getByRole("region", { name: "Villkor" });
    expect(terms).toHaveTextContent("KundLars Andersson");
    expect(terms).toHaveTextContent("ProduktNibe F2120 (SN 12345)");
    expect(terms).toHaveTextContent("Startdatum1 dec. 2026");
    expect(terms).toHaveTextContent("UpphörTills vidare");
    expect(terms).toHaveTextContent("Årspris2 400,00 kr per år");
    expect(terms).toHaveTextContent("Servicebesök2 besök per år, maj och november");
    expect(terms).toHaveTextContent("Nästa besökmaj 2027");
    expect(terms).toHaveTextContent("Rabatt på reparationer10 % på arbetskostnaden");
    expect(terms).toHaveTextContent("FörnyelseFörnyas automatiskt varje år");

    const acceptance = main().getByRole("region", { name: "Godkännande" });
    expect(acceptance).toHaveTextContent("Godkänt26 nov. 2026 kl. 14:05");
    expect(acceptance).toHaveTextContent("Godkänt från adress192.0.2.15");

    const history = within(main().getByRole("region", { name: "Händelser" })).getAllByRole("listitem");
    expect(history.map((item) => item.textContent)).toEqual([
      "25 nov. 2026 kl. 10:00 · av Anna AdministratörAvtalet skapades",
      "25 nov. 2026 kl. 10:00 · av Anna AdministratörAvtalet skickades till kunden",
      "26 nov. 2026 kl. 14:05 · av KundenKunden godkände avtalet",
    ]);
  });

  it("offers only the actions of the agreement's state", async () => {
    const cases: [Agreement, string[]][] = [
      [pending, ["Skicka länken igen", "Avsluta från datum"]],
      [agreementFixture(), ["Föreslå besök nu", "Pausa", "Avsluta från datum"]],
      // No visit left before the end: nothing to propose.
      [agreementFixture({ nextVisitMonth: null }), ["Pausa", "Avsluta från datum"]],
      [agreementFixture({ autoRenew: false, endsOn: "2027-11-30" }), ["Föreslå besök nu", "Pausa", "Förnya", "Avsluta från datum"]],
      [agreementFixture({ status: "paused", pausedAt: "2027-01-10T08:00:00.000Z" }), ["Återuppta", "Avsluta från datum"]],
      [agreementFixture({ status: "ended", endsOn: "2026-10-31", nextVisitMonth: null }), []],
    ];
    for (const [agreement, expected] of cases) {
      renderAgreement(agreement);
      await screen.findByRole("heading", { level: 1, name: "Avtal #12" });
      expect(actionNames()).toEqual(expected);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it("proposes the next visit after asking, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAgreement(agreementFixture(), {
      "POST /api/admin/agreements/12/propose-visit": { status: 409, body: { message: "Besöket i maj 2027 är redan föreslaget." } },
    });
    await user.click(await main().findByRole("button", { name: "Föreslå besök nu" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Föreslå nästa besök nu?" });
    await user.click(within(dialog).getByRole("button", { name: "Föreslå besöket" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Besöket i maj 2027 är redan föreslaget.");
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith("/12/propose-visit") && init?.method === "POST")).toBe(true);
  });

  it("pauses after asking, from the keyboard, and shows the agreement as the server answers", async () => {
    const user = userEvent.setup();
    const paused = agreementFixture({ status: "paused", pausedAt: "2027-01-10T08:00:00.000Z" });
    const { fetchMock } = renderAgreement(agreementFixture(), { "POST /api/admin/agreements/12/pause": { body: paused } });
    const pause = await main().findByRole("button", { name: "Pausa" });
    pause.focus();
    await user.keyboard("{Enter}");

    const dialog = await screen.findByRole("alertdialog", { name: "Pausa avtalet?" });
    // The focus is inside the dialog; Tab reaches the confirm button.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    const confirm = within(dialog).getByRole("button", { name: "Pausa avtalet" });
    while (document.activeElement !== confirm) await user.tab();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(posted(fetchMock, "/api/admin/agreements/12/pause")).toEqual([null]);
    expect(await main().findByText("Pausat")).toBeInTheDocument();
    expect(actionNames()).toEqual(["Återuppta", "Avsluta från datum"]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    renderAgreement(pending, {
      "POST /api/admin/agreements/12/resend": { status: 409, body: { message: "Avtalet väntar inte på godkännande." } },
    });
    await user.click(await main().findByRole("button", { name: "Skicka länken igen" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Skicka länken igen?" });
    expect(dialog).toHaveTextContent("Lars Andersson får ett nytt e-postmeddelande");
    await user.click(within(dialog).getByRole("button", { name: "Skicka länken" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Avtalet väntar inte på godkännande.");
  });

  it("ends the agreement from a chosen day, and shows a refused day's reason", async () => {
    const user = userEvent.setup();
    const today = todayIn(new Date());
    const endsOn = addDays(today, 30);
    let refuse = true;
    const { fetchMock } = renderAgreement(agreementFixture(), {
      "POST /api/admin/agreements/12/end": () =>
        refuse
          ? { status: 400, body: { message: "Avtalet kan inte upphöra före startdatumet." } }
          : {
              body: agreementFixture({
                endsOn,
                events: [...agreementFixture().events, { at: "2027-01-02T09:00:00.000Z", kind: "ended", by: "Anna Administratör", note: null }],
              }),
            },
    });
    await user.click(await main().findByRole("button", { name: "Avsluta från datum" }));
    const dialog = await screen.findByRole("dialog", { name: "Avsluta avtalet" });
    const date = within(dialog).getByLabelText("Sista dag avtalet gäller");
    expect(date).toHaveValue(today < "2026-12-01" ? "2026-12-01" : today);

    await user.clear(date);
    await user.type(date, endsOn);
    await user.click(within(dialog).getByRole("button", { name: "Avsluta avtalet" }));
    expect(await within(dialog).findByText("Avtalet kan inte upphöra före startdatumet.")).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Avsluta avtalet" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posted(fetchMock, "/api/admin/agreements/12/end")).toEqual([{ endsOn }, { endsOn }]);
    expect(await within(main().getByRole("region", { name: "Händelser" })).findByText("Avtalet avslutades")).toBeInTheDocument();
  });

  it("says so when the agreement does not exist", async () => {
    mockFetch({ "GET /api/admin/agreements/99": { status: 404, body: { message: "Avtalet finns inte." } } });
    renderApp("/admin/agreements/99", { user: adminUser });
    expect(await screen.findByRole("heading", { level: 1, name: "Avtalet finns inte" })).toBeInTheDocument();
    expect(main().getAllByRole("link", { name: "Tillbaka till serviceavtal" })[1]).toHaveAttribute("href", "/admin/agreements");
  });
});
