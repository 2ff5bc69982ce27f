import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 11: user management and passwords (rules §2 User management and Security, §5, §8). Both
// projects run at once against one database: every user made here has a name of its own.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

async function loginThroughForm(page: Page, username: string, password: string, tab: "Tekniker" | "Administratör") {
  await page.goto("/login");
  await page.getByRole("tab", { name: tab, exact: true }).click();
  await page.getByLabel("Användarnamn", { exact: true }).fill(username);
  await page.getByLabel("Lösenord", { exact: true }).fill(password);
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Logga in/ })
    .click();
}

/** A user made through the API by the logged-in admin of `request`. */
async function createUserThroughApi(
  request: APIRequestContext,
  baseURL: string,
  user: { username: string; name: string; password: string; role: "admin" | "technician" },
) {
  // Not bookable (rules D25): a bookable technician would change the times every other journey sees.
  const response = await request.post("/api/admin/users", { data: { ...user, bookable: false }, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
}

test("an admin creates a technician, who logs in; deleting them ends their open session", async ({ page, loginAs, browser }, testInfo) => {
  await loginAs("admin");
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Användarhantering" })).toBeVisible({ timeout: 20_000 });
  const counts = page.getByRole("region", { name: "Antal användare" });
  await expect(counts).toContainText("Totalt");
  await expectNoSeriousA11yViolations(page);

  const username = `tek${unique(testInfo)}`;
  const name = `Nils Nytekniker ${username}`;
  await page.getByRole("button", { name: "Skapa användare" }).click();
  const dialog = page.getByRole("dialog", { name: "Skapa användare" });
  await expect(dialog).toBeVisible();
  // The form's own checks, with the texts of rules §5.
  await dialog.getByRole("button", { name: "Skapa användare" }).click();
  await expect(dialog.getByText("Alla fält måste fyllas i").first()).toBeVisible();
  await dialog.getByLabel("Namn", { exact: true }).fill(name);
  await dialog.getByLabel("Användarnamn").fill(username);
  await dialog.getByLabel("Lösenord", { exact: true }).fill("kort");
  await dialog.getByRole("button", { name: "Skapa användare" }).click();
  await expect(dialog.getByText("Lösenordet måste innehålla minst 8 tecken, en stor bokstav, en liten bokstav och en siffra")).toBeVisible();
  // A word and a year pass the rule; the server refuses them as easy to guess, saying why.
  await dialog.getByLabel("Lösenord", { exact: true }).fill("Sommar2024");
  await dialog.getByRole("button", { name: "Skapa användare" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Lösenordet är för lätt att gissa: det består av ett vanligt ord och ett årtal.");
  await expect(dialog.getByLabel("Roll")).toHaveValue("technician");
  // A new technician is bookable unless the admin says otherwise (rules D25); this one is not, so
  // the times every other journey sees stay as they are.
  const bookable = dialog.getByRole("checkbox", { name: "Bokningsbar (kunder kan boka tider hos teknikern)" });
  await expect(bookable).toBeChecked();
  await bookable.uncheck();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Lösenord", { exact: true }).fill("Kylskåp47x");
  await dialog.getByRole("button", { name: "Skapa användare" }).click();
  await expect(toasts(page)).toContainText("Användare skapad");
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Tekniker");
  // The cards count the table's rows (the other project may add users at the same time).
  const figures = async () => (await counts.getByText(/^\d+$/).allTextContents()).map(Number);
  const table = page.getByRole("table", { name: "Användare" });
  const rows = table.getByRole("row");
  const [total, admins, technicians] = await figures();
  expect(total).toBe((await rows.count()) - 1);
  expect(admins).toBe(await rows.filter({ hasText: "Administratör" }).count());
  expect(technicians).toBe(total - admins);

  // The technician logs in on their own phone and sees their portal.
  const technicianContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  const technician = await technicianContext.newPage();
  await loginThroughForm(technician, username, "Kylskåp47x", "Tekniker");
  await expect(technician).toHaveURL(/\/technician$/);
  await expect(technician.getByRole("heading", { level: 1, name: "Tekniker Dashboard" })).toBeVisible();
  await expect(technician.getByRole("main").getByText(name)).toBeVisible();

  // The admin deletes them after confirming.
  await row.getByRole("button", { name: `Ta bort ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Ta bort användare" });
  await expect(confirm).toContainText("Är du säker på att du vill ta bort denna användare?");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Ta bort användaren" }).click();
  await expect(toasts(page)).toContainText("Användare borttagen");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

  // Their open session is over: the next page they open sends them to the login.
  await technician.reload();
  await expect(technician).toHaveURL(/\/login/, { timeout: 20_000 });
  const stillIn = await technician.request.get("/api/auth/user");
  expect(stillIn.status()).toBe(401);
  await technicianContext.close();
});

test("an admin cannot delete their own account: their row has no delete button", { tag: "@one-viewport" }, async ({ page, loginAs }) => {
  const self = await loginAs("admin");
  await page.goto("/admin/users");
  const own = page.getByRole("row", { name: new RegExp(`${self.name}.*\\(du\\)`) });
  await expect(own).toBeVisible({ timeout: 20_000 });
  await expect(own.getByRole("button")).toHaveCount(0);
});

test("an admin changes their own password, is sent back only to a same-site page, and logs in with the new one", async ({
  page,
  loginAs,
  baseURL,
  browser,
}, testInfo) => {
  await loginAs("admin");
  const username = `adm${unique(testInfo)}`;
  await createUserThroughApi(page.request, baseURL!, { username, name: `Ada Admin ${username}`, password: "Startord88", role: "admin" });

  const context = await browser.newContext({ locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  const admin = await context.newPage();
  await loginThroughForm(admin, username, "Startord88", "Administratör");
  await expect(admin).toHaveURL(/\/admin$/);

  // An open-redirect attempt: after the change the admin stays on this site.
  await admin.goto("/admin/security?return=//evil.example/stjal");
  await expect(admin.getByRole("heading", { level: 1, name: "Byt lösenord" })).toBeVisible({ timeout: 20_000 });
  await expect(admin.getByText("minst 8 tecken")).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByLabel("Nuvarande lösenord").fill("fel-lösenord");
  await admin.getByLabel("Nytt lösenord", { exact: true }).fill("Lykta-Mossa-27");
  await admin.getByLabel("Bekräfta nytt lösenord").fill("Lykta-Mossa-26");
  await admin.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(admin.getByText("Lösenorden matchar inte")).toBeVisible();
  await admin.getByLabel("Bekräfta nytt lösenord").fill("Lykta-Mossa-27");
  await admin.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(toasts(admin)).toContainText("Nuvarande lösenord är fel.");
  await admin.getByLabel("Nuvarande lösenord").fill("Startord88");
  await admin.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(toasts(admin)).toContainText("Lösenord ändrat");
  await expect(admin).toHaveURL(/\/admin\/dashboard\?tab=settings$/);
  expect(new URL(admin.url()).host).toBe(new URL(baseURL!).host);

  // A same-site return is honoured.
  await admin.goto("/admin/security?return=%2Fadmin%2Fusers");
  await admin.getByLabel("Nuvarande lösenord").fill("Lykta-Mossa-27");
  await admin.getByLabel("Nytt lösenord", { exact: true }).fill("Kvarn-Ekorre-28");
  await admin.getByLabel("Bekräfta nytt lösenord").fill("Kvarn-Ekorre-28");
  await admin.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(admin).toHaveURL(/\/admin\/users$/);
  await context.close();

  // The new password logs in; the old one no longer does.
  const fresh = await browser.newContext({ locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  const again = await fresh.newPage();
  await loginThroughForm(again, username, "Startord88", "Administratör");
  await expect(toasts(again)).toContainText("Inloggningen misslyckades");
  await loginThroughForm(again, username, "Kvarn-Ekorre-28", "Administratör");
  await expect(again).toHaveURL(/\/admin$/);
  await fresh.close();
});

test("a technician changes their password from the header of their portal", async ({ page, loginAs, baseURL, browser }, testInfo) => {
  await loginAs("admin");
  const username = `tek${unique(testInfo)}`;
  await createUserThroughApi(page.request, baseURL!, { username, name: `Tor Tekniker ${username}`, password: "Hammare55x", role: "technician" });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "sv-SE", timezoneId: "Europe/Stockholm" });
  const technician = await context.newPage();
  await loginThroughForm(technician, username, "Hammare55x", "Tekniker");
  await expect(technician).toHaveURL(/\/technician$/);
  await technician.getByRole("link", { name: "Byt lösenord" }).click();
  await expect(technician).toHaveURL(/\/technician\/security$/);
  await expect(technician.getByRole("heading", { level: 1, name: "Byt lösenord" })).toBeVisible();
  await expectNoSeriousA11yViolations(technician);
  await technician.getByLabel("Nuvarande lösenord").fill("Hammare55x");
  await technician.getByLabel("Nytt lösenord", { exact: true }).fill("Skruvmejsel66");
  await technician.getByLabel("Bekräfta nytt lösenord").fill("Skruvmejsel66");
  await technician.getByRole("button", { name: "Byt lösenord" }).click();
  await expect(toasts(technician)).toContainText("Lösenord ändrat");
  await expect(technician).toHaveURL(/\/technician$/);
  await context.close();
});
