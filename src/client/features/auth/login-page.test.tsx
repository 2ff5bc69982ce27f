import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
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

async function fillAndSubmit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText("Användarnamn"), { target: { value: username } });
  fireEvent.change(screen.getByLabelText("Lösenord"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Logga in" }));
}

function sentBody(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === "POST");
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe("/login", () => {
  it("requires username and password, inline", async () => {
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    await fillAndSubmit("", "");
    expect(await screen.findByText("Användarnamn krävs")).toBeTruthy();
    expect(screen.getByText("Lösenord krävs")).toBeTruthy();
    expect(screen.getByLabelText("Användarnamn").getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/login")).toBe(false);
  });

  it("logs a technician in with the technician role and goes to /technician", async () => {
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo, "POST /api/auth/login": { body: technicianUser } });
    const { router } = renderApp("/login", { user: null });
    await fillAndSubmit("tekniker", "Tekniker1234");
    await waitFor(() => expect(router.state.location.pathname).toBe("/technician"));
    expect(sentBody(fetchMock, "/api/auth/login")).toEqual({ username: "tekniker", password: "Tekniker1234", role: "technician" });
    expect(await findToast("Inloggad")).toBeTruthy();
    expect(await findToast("Välkommen Erik Johansson!")).toBeTruthy();
  });

  it("sends the admin role from the Administratör tab and goes to /admin", async () => {
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo, "POST /api/auth/login": { body: adminUser } });
    const { router } = renderApp("/login", { user: null });
    const adminTab = await screen.findByRole("tab", { name: "Administratör" });
    fireEvent.mouseDown(adminTab);
    expect(adminTab.getAttribute("aria-selected")).toBe("true");
    await fillAndSubmit("admin", "Admin1234");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(sentBody(fetchMock, "/api/auth/login")?.role).toBe("admin");
  });

  it("shows the server's message inline and in a toast when the login fails", async () => {
    mockFetch({
      "GET /api/public/config": noDemo,
      "POST /api/auth/login": { status: 401, statusText: "Unauthorized", body: { message: "Fel användarnamn eller lösenord" } },
    });
    const { router } = renderApp("/login", { user: null });
    await fillAndSubmit("tekniker", "fel");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Fel användarnamn eller lösenord");
    expect(await findToast("Inloggningen misslyckades")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("falls back to a generic text when the server sends no message", async () => {
    mockFetch({ "GET /api/public/config": noDemo, "POST /api/auth/login": { status: 500, statusText: "Internal Server Error" } });
    renderApp("/login", { user: null });
    await fillAndSubmit("tekniker", "x");
    expect((await screen.findByRole("alert")).textContent).toBe("Ogiltiga uppgifter. Kontrollera användarnamn och lösenord.");
  });

  it("toggles password visibility", async () => {
    mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    const toggle = await screen.findByRole("button", { name: "Visa lösenord" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByLabelText("Lösenord").getAttribute("type")).toBe("password");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-label")).toBe("Dölj lösenord");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByLabelText("Lösenord").getAttribute("type")).toBe("text");
  });

  it("shows demo accounts only in demo mode", async () => {
    mockFetch({ "GET /api/public/config": demo });
    renderApp("/login", { user: null });
    const hint = within((await screen.findByRole("heading", { name: "Demokonton" })).closest("section")!);
    expect(hint.getByText("tekniker")).toBeTruthy();
    expect(hint.getByText("Admin1234")).toBeTruthy();
  });

  it("shows no demo box outside demo mode", async () => {
    const fetchMock = mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    await screen.findByRole("heading", { level: 1, name: "Logga in" });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/public/config")).toBe(true));
    expect(screen.queryByText("Demokonton")).toBeNull();
  });

  it("has a link back to the start page", async () => {
    mockFetch({ "GET /api/public/config": noDemo });
    renderApp("/login", { user: null });
    expect((await screen.findByRole("link", { name: "Tillbaka till startsidan" })).getAttribute("href")).toBe("/");
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
    mockFetch(anonymous);
    renderApp("/admin/login", { user: null });
    await fillAndSubmit("admin", "");
    expect((await screen.findByRole("alert")).textContent).toBe("Användarnamn och lösenord krävs");
  });

  it("says 'Felaktiga inloggningsuppgifter' inline and in a toast on 401", async () => {
    mockFetch({ ...anonymous, "POST /api/admin/login": { status: 401, body: { message: "Fel användarnamn eller lösenord" } } });
    renderApp("/admin/login", { user: null });
    await fillAndSubmit("admin", "fel");
    expect((await screen.findByRole("alert")).textContent).toBe("Felaktiga inloggningsuppgifter");
    expect(await findToast("Inloggning misslyckades")).toBeTruthy();
  });

  it("logs in and opens the dashboard", async () => {
    const fetchMock = mockFetch({ ...anonymous, "POST /api/admin/login": { body: adminUser } });
    const { router } = renderApp("/admin/login", { user: null });
    await fillAndSubmit("admin", "Admin1234");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"));
    expect(sentBody(fetchMock, "/api/admin/login")).toEqual({ username: "admin", password: "Admin1234" });
    expect(await screen.findByRole("heading", { level: 1, name: "Administration" })).toBeTruthy();
  });

  it("shows sample technician credentials in demo mode", async () => {
    mockFetch({ ...anonymous, "GET /api/public/config": demo });
    renderApp("/admin/login", { user: null });
    expect(await screen.findByText("Tekniker1234")).toBeTruthy();
    expect(screen.queryByText("Admin1234")).toBeNull();
  });
});
