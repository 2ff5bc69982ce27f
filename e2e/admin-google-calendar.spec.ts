import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { startOwnApp, type OwnApp } from "./own-app";

// rules §4 "Calendar-service authorization popup" in a real browser: the admin connects Google
// Calendar in a 600×600 popup that goes to Google's consent page (a stand-in on another origin) and
// back to our callback, which tells the screen that opened it and closes. Cross-origin trips are
// where browsers cut a popup off from its opener (Cross-Origin-Opener-Policy), which no API test sees.
// The shared test server has no Google client, so this journey starts an app of its own with
// GOOGLE_CLIENT_ID/SECRET and the endpoints pointed at the stand-in.

test.describe.configure({ mode: "serial" });

let google: Server;
let googleUrl = "";
let app: OwnApp | undefined;
let appUrl = "";
const tokenGrants: string[] = [];

/** Google's consent page, token endpoint and calendar list, as the app uses them. */
function startGoogle(): Promise<void> {
  google = createServer((request, response) => {
    const url = new URL(request.url ?? "/", googleUrl);
    if (url.pathname === "/auth") {
      const back = (query: Record<string, string>) =>
        `${url.searchParams.get("redirect_uri")}?${new URLSearchParams({ ...query, state: url.searchParams.get("state") ?? "" })}`;
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        `<!doctype html><html lang="sv"><title>Google</title><main><h1>Logga in med Google</h1>
         <a href="${back({ code: "kod-fran-google" })}">Tillåt</a> <a href="${back({ error: "access_denied" })}">Neka</a></main></html>`,
      );
      return;
    }
    if (request.method === "POST" && url.pathname === "/token") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const params = new URLSearchParams(body);
        tokenGrants.push(params.get("grant_type") ?? "");
        const ok = params.get("code") === "kod-fran-google" && params.get("client_secret") === "e2e-hemlighet";
        response
          .writeHead(ok ? 200 : 400, { "content-type": "application/json" })
          .end(JSON.stringify(ok ? { access_token: "e2e-atkomst", refresh_token: "e2e-uppdatering", expires_in: 3600 } : { error: "invalid_grant" }));
      });
      return;
    }
    if (url.pathname === "/calendar/v3/users/me/calendarList" && request.headers.authorization === "Bearer e2e-atkomst") {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ items: [{ id: "kontoret@example.com", summary: "Kontorets kalender", primary: true }] }));
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) =>
    google.listen(0, "127.0.0.1", () => {
      googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

test.beforeAll(async () => {
  test.info().setTimeout(90_000);
  await startGoogle();
  app = await startOwnApp(`google-${test.info().project.name}`, {
    SEED_DEMO: "1",
    GOOGLE_CLIENT_ID: "e2e-klient",
    GOOGLE_CLIENT_SECRET: "e2e-hemlighet",
    GOOGLE_AUTH_URL: `${googleUrl}/auth`,
    GOOGLE_TOKEN_URL: `${googleUrl}/token`,
    GOOGLE_API_URL: googleUrl,
  });
  appUrl = app.url;
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => google?.close(resolve));
});

async function openAsAdmin(page: Page) {
  const login = await page.request.post(`${appUrl}/api/auth/login`, {
    data: { username: "admin", password: "Admin1234", role: "admin" },
    headers: { origin: appUrl },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
  await page.goto(`${appUrl}/admin/integrations`);
  const card = page.getByRole("region", { name: "Google Calendar" });
  await expect(card).toContainText("Inte ansluten", { timeout: 20_000 });
  return card;
}

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

test("an admin connects Google Calendar in the popup: the popup closes, the screen says so and lists the calendars", async ({ page }) => {
  const card = await openAsAdmin(page);
  const popupOpened = page.waitForEvent("popup");
  await card.getByRole("button", { name: "Anslut Google Calendar" }).click();
  const popup = await popupOpened;
  await popup.waitForURL(`${googleUrl}/auth?**`);
  const consent = new URL(popup.url()).searchParams;
  expect(consent.get("redirect_uri")).toBe(`${appUrl}/api/admin/google/callback`);
  expect(consent.get("access_type")).toBe("offline");
  // While Google asks, the button waits (rules §4: up to 30 s) and cannot start a second popup.
  await expect(card.getByRole("button", { name: "Väntar på Google..." })).toBeDisabled();
  await expect(card.getByRole("status")).toHaveText("Väntar på Google...");
  // At Google's page the popup is still tied to its opener (our COOP allows it).
  expect(await popup.evaluate(() => window.opener !== null)).toBe(true);

  await popup.getByRole("link", { name: "Tillåt" }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(toasts(page)).toContainText("Google Calendar ansluten!");
  await expect(card).toContainText("Ansluten");
  await expect(card).toContainText("Kontorets kalender");
  await expect(card.getByRole("button", { name: "Koppla från" })).toBeEnabled();
  expect(tokenGrants).toContain("authorization_code");
  await expectNoSeriousA11yViolations(page);

  await card.getByRole("button", { name: "Koppla från" }).click();
  await expect(card).toContainText("Inte ansluten");
});

test("an admin who declines at Google is told it failed, and nothing says connected", { tag: "@one-viewport" }, async ({ page }) => {
  const card = await openAsAdmin(page);
  const popupOpened = page.waitForEvent("popup");
  await card.getByRole("button", { name: "Anslut Google Calendar" }).click();
  const popup = await popupOpened;
  await popup.waitForURL(`${googleUrl}/auth?**`);
  await popup.getByRole("link", { name: "Neka" }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(toasts(page)).toContainText("Anslutning misslyckades");
  await expect(toasts(page)).toContainText("Kunde inte ansluta till Google Calendar. Försök igen.");
  await expect(card.getByRole("button", { name: "Anslut Google Calendar" })).toBeEnabled();
  await expect(card).toContainText("Inte ansluten");
});
