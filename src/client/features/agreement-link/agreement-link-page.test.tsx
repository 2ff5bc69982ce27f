import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { customerAgreementFixture } from "@/client/test/agreement-fixtures";
import { mockFetch, renderApp } from "@/client/test/test-utils";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";
const PATH = `/avtal/${TOKEN}`;
const API = `GET /api/agreements/${TOKEN}`;
const ACCEPT = `POST /api/agreements/${TOKEN}/accept`;

describe("the customer's agreement page /avtal/:token", () => {
  it("shows the company and the terms in plain Swedish, accepts, and then says when", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      [API]: { body: customerAgreementFixture() },
      [ACCEPT]: { body: customerAgreementFixture({ status: "active", acceptedAt: "2026-11-26T13:05:00.000Z" }) },
    });
    renderApp(PATH, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Serviceavtal" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Serviceavtal | Värmepumpsservice"));
    expect(screen.getByText("Från Värmepumpsservice i Sverige AB")).toBeInTheDocument();

    const terms = screen.getByRole("region", { name: "Villkor" });
    expect(terms).toHaveTextContent("VärmepumpNibe F2120 (SN 12345)");
    expect(terms).toHaveTextContent("Startdatum1 december 2026");
    expect(terms).toHaveTextContent("Årspris2 400 kr per år");
    expect(terms).toHaveTextContent("Servicebesök1 servicebesök per år i maj");
    expect(terms).toHaveTextContent("Rabatt på reparationer10 % rabatt på arbetskostnaden");
    expect(terms).toHaveTextContent("AvtalstidFörnyas automatiskt varje år");
    const contact = screen.getByRole("region", { name: "Frågor om avtalet?" });
    expect(contact).toHaveTextContent("08-123 456 70");
    expect(contact).toHaveTextContent("info@varmepumpsservice.se");

    await user.click(screen.getByRole("button", { name: "Godkänn avtalet" }));
    const accepted = await screen.findByText("Du godkände avtalet den 26 november 2026 kl. 14.05");
    expect(accepted.closest("[role=status]")).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Godkänn avtalet" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1);
  });

  it("says when an accepted agreement was accepted, its visits and its end, and offers nothing to accept", async () => {
    mockFetch({
      [API]: {
        body: customerAgreementFixture({
          status: "paused",
          acceptedAt: "2026-06-30T22:30:00.000Z",
          visitsPerYear: 2,
          autoRenew: false,
          endsOn: "2027-11-30",
          repairDiscountPercent: 0,
          yearlyPriceOre: 199_950,
        }),
      },
    });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Du godkände avtalet den 1 juli 2026 kl. 00.30")).toBeInTheDocument();
    expect(screen.getByText(/Avtalet är pausat just nu/)).toBeInTheDocument();
    const terms = screen.getByRole("region", { name: "Villkor" });
    expect(terms).toHaveTextContent("Servicebesök2 servicebesök per år i maj och november");
    expect(terms).toHaveTextContent("Årspris1 999,50 kr per år");
    expect(terms).toHaveTextContent("Rabatt på reparationerIngen rabatt");
    expect(terms).toHaveTextContent("AvtalstidGäller till och med 30 november 2027");
    expect(screen.queryByRole("button", { name: "Godkänn avtalet" })).not.toBeInTheDocument();
  });

  it("says that an ended agreement has ended", async () => {
    mockFetch({ [API]: { body: customerAgreementFixture({ status: "ended", acceptedAt: "2025-11-26T13:05:00.000Z", endsOn: "2026-10-31" }) } });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Avtalet upphörde den 31 oktober 2026.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Godkänn avtalet" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when accepting fails, and the agreement as it now is", async () => {
    const user = userEvent.setup();
    let accepted = false;
    mockFetch({
      [API]: () => ({ body: customerAgreementFixture(accepted ? { status: "ended", endsOn: "2026-11-25" } : {}) }),
      [ACCEPT]: () => {
        accepted = true;
        return { status: 409, body: { message: "Avtalet har upphört." } };
      },
    });
    renderApp(PATH, { user: null });
    await user.click(await screen.findByRole("button", { name: "Godkänn avtalet" }));
    expect(await screen.findByText("Avtalet upphörde den 25 november 2026.")).toBeInTheDocument();
  });

  it("keeps the button and announces the refusal when the agreement still waits", async () => {
    const user = userEvent.setup();
    mockFetch({
      [API]: { body: customerAgreementFixture() },
      [ACCEPT]: { status: 429, body: { message: "För många försök. Vänta en stund och försök igen." } },
    });
    renderApp(PATH, { user: null });
    await user.click(await screen.findByRole("button", { name: "Godkänn avtalet" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("För många försök. Vänta en stund och försök igen.");
    expect(screen.getByRole("button", { name: "Godkänn avtalet" })).toBeEnabled();
  });

  it("answers an unknown link with 'Avtalet hittades inte', and any other failure with a retry", async () => {
    mockFetch({ [API]: { status: 404, body: { message: "Länken är ogiltig eller har gått ut." } } });
    renderApp(PATH, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Avtalet hittades inte" })).toBeInTheDocument();
    cleanup();

    const user = userEvent.setup();
    let failing = true;
    mockFetch({ [API]: () => (failing ? { status: 500, body: "" } : { body: customerAgreementFixture() }) });
    renderApp(PATH, { user: null });
    expect(await screen.findByText("Kunde inte hämta avtalet. Försök igen om en stund.")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Försök igen" }));
    expect(await screen.findByRole("button", { name: "Godkänn avtalet" })).toBeInTheDocument();
  });
});
