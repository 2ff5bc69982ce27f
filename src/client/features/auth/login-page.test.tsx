import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, mockFetch, renderApp, technicianUser } from "@/client/test/test-utils";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const noDemo = { body: { demo: false, demoAccounts: [] } };
const demo = {
  body: {
    demo: true,
    demoAccounts: [
      { role: "admin", username: "admin", password: "Admin1234" },
      { role: "technician", username: "tekniker", password: "Tekniker1234" },
    ],
  },
};

/** A toast's text; the toast UI loads with the first toast (components/ui/toaster-host), so wait for it. */
async function findToast(text: string) {
  return within(await screen.findByRole("region", { name: "Aviseringar (F8)" })).findByText(text);
}

async function fillAndSubmit(user: UserEvent, username: string, password: string) {
  // An empty field is one the person leaves alone (user-event refuses to type "").
  const usernameField = await screen.findByLabelText("Användarnamn");
  if (username) await user.type(usernameField, username);
  if (password) await user.type(screen.getByLabelText("Lösenord"), password);
  await user.click(screen.getByRole("button", { name: "Logga in" }));
}

function sentBody(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === "POST");
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe("/login", () => {
  it("requires username and password, inline", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    await fillAndSubmit(user, "", "");
    expect(await screen.findByText("Användarnamn krävs")).toBeInTheDocument();
    expect(screen.getByText("Lösenord krävs")).toBeInTheDocument();
    expect(screen.getByLabelText("Användarnamn")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/login")).toBe(false);
  });

  it("logs a technician in with the technician role and goes to /technician", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo, "POST /api/auth/login": { body: technicianUser } });
    const { router } = renderApp("/login", { user: null });
    await fillAndSubmit(user, "tekniker", "Tekniker1234");
    await waitFor(() => expect(router.state.location.pathname).toBe("/technician"));
    expect(sentBody(fetchMock, "/api/auth/login")).toEqual({ username: "tekniker", password: "Tekniker1234", role: "technician" });
    expect(await findToast("Inloggad")).toBeInTheDocument();
    expect(await findToast("Välkommen Erik Johansson!")).toBeInTheDocument();
  });

  it("sends the admin role from the Administratör tab and goes to /admin", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo, "POST /api/auth/login": { body: adminUser } });
    const { router } = renderApp("/login", { user: null });
    const adminTab = await screen.findByRole("tab", { name: "Administratör" });
    await user.click(adminTab);
    expect(adminTab).toHaveAttribute("aria-selected", "true");
    await fillAndSubmit(user, "admin", "Admin1234");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(sentBody(fetchMock, "/api/auth/login")?.role).toBe("admin");
  });

  it("shows the server's message inline and in a toast when the login fails", async () => {
    const user = userEvent.setup();
    mockFetch({
      "GET /api/public/config": noDemo,
      "POST /api/auth/login": { status: 401, statusText: "Unauthorized", body: { message: "Fel användarnamn eller lösenord" } },
    });
    const { router } = renderApp("/login", { user: null });
    await fillAndSubmit(user, "tekniker", "fel");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Fel användarnamn eller lösenord");
    expect(await findToast("Inloggningen misslyckades")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("falls back to a generic text when the server sends no message", async () => {
    const user = userEvent.setup();
    mockFetch({ "GET /api/public/config": noDemo, "POST /api/auth/login": { status: 500, statusText: "Internal Server Error" } });
    renderApp("/login", { user: null });
    await fillAndSubmit(user, "tekniker", "x");
    expect((await screen.findByRole("alert")).textContent).toBe("Ogiltiga uppgifter. Kontrollera användarnamn och lösenord.");
  });

  it("toggles password visibility", async () => {
    const user = userEvent.setup();
    mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    const toggle = await screen.findByRole("button", { name: "Visa lösenord" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByLabelText("Lösenord")).toHaveAttribute("type", "password");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-label", "Dölj lösenord");
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Lösenord")).toHaveAttribute("type", "text");
  });

  it("shows demo accounts only in demo mode", async () => {
    mockFetch({ "GET /api/public/config": demo });
    renderApp("/login", { user: null });
    const hint = within((await screen.findByRole("heading", { name: "Demokonton" })).closest("section")!);
    expect(hint.getByText("tekniker")).toBeInTheDocument();
    expect(hint.getByText("Admin1234")).toBeInTheDocument();
  });

  it("shows no demo box outside demo mode", async () => {
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    await screen.findByRole("heading", { level: 1, name: "Logga in" });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/public/config")).toBe(true));
    expect(screen.queryByText("Demokonton")).not.toBeInTheDocument();
  });

  it("has a link back to the start page", async () => {
    mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    expect(await screen.findByRole("link", { name: "Tillbaka till startsidan" })).toHaveAttribute("href", "/");
  });
});

describe("/admin/login", () => {
  const anonymous = { "GET /api/admin/me": { status: 401, body: { message: "Du måste logga in." } }, "GET /api/public/config": noDemo };

  it("goes straight to the dashboard when an admin session exists", async () => {
    mockFetch({ "GET /api/admin/me": { body: adminUser }, "GET /api/public/config": noDemo });
    const { router } = renderApp("/admin/login", { user: adminUser });
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
  });

  it("requires both fields", async () => {
    const user = userEvent.setup();
    mockFetch(anonymous);
    renderApp("/admin/login", { user: null });
    await fillAndSubmit(user, "admin", "");
    expect((await screen.findByRole("alert")).textContent).toBe("Användarnamn och lösenord krävs");
  });

  it("says 'Felaktiga inloggningsuppgifter' inline and in a toast on 401", async () => {
    const user = userEvent.setup();
    mockFetch({ ...anonymous, "POST /api/admin/login": { status: 401, body: { message: "Fel användarnamn eller lösenord" } } });
    renderApp("/admin/login", { user: null });
    await fillAndSubmit(user, "admin", "fel");
    expect((await screen.findByRole("alert")).textContent).toBe("Felaktiga inloggningsuppgifter");
    expect(await findToast("Inloggning misslyckades")).toBeInTheDocument();
  });

  it("logs in and opens the dashboard", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ ...anonymous, "POST /api/admin/login": { body: adminUser } });
    const { router } = renderApp("/admin/login", { user: null });
    await fillAndSubmit(user, "admin", "Admin1234");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    expect(sentBody(fetchMock, "/api/admin/login")).toEqual({ username: "admin", password: "Admin1234" });
    expect(await screen.findByRole("heading", { level: 1, name: "Administration" })).toBeInTheDocument();
  });

  it("shows sample technician credentials in demo mode", async () => {
    mockFetch({ ...anonymous, "GET /api/public/config": demo });
    renderApp("/admin/login", { user: null });
    expect(await screen.findByText("Tekniker1234")).toBeInTheDocument();
    expect(screen.queryByText("Admin1234")).not.toBeInTheDocument();
  });
});
