import type { Page, TestInfo } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 12 (customer register): an admin finds a customer, opens the detail, exports their data and
// deletes them; creates a customer through the dialog. Both projects run at once: every customer
// made here has a name and e-mail of its own.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

async function openRegister(page: Page) {
  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Kundregister" })).toBeVisible({ timeout: 20_000 });
}

test("an admin creates a customer, finds them by a misspelt name, opens the detail, exports the data and deletes them", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await openRegister(page);
  await expectNoSeriousA11yViolations(page);
  const tag = unique(testInfo);
  const name = `Henrietta Lindqvist${tag}`;
  const email = `henrietta.${tag}@exempel.se`;

  await page.getByRole("button", { name: "Ny kund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Ny kund" });
  await dialog.getByRole("button", { name: "Skapa kund" }).click();
  await expect(dialog.getByText("Kundens namn måste vara minst 2 tecken")).toBeVisible();
  await dialog.getByLabel("Namn").fill(name);
  await dialog.getByLabel("E-post").fill(email);
  await dialog.getByLabel("Telefon").fill("070-987 65 43");
  await dialog.getByLabel("Adress").fill("Lönngatan 4");
  await dialog.getByLabel("Postnummer").fill("753 21");
  await dialog.getByLabel("Ort").fill("Uppsala");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Skapa kund" }).click();
  await expect(toasts(page)).toContainText("Kund skapad");

  // Found by a part of the e-mail, and by the name with a typo (k for q).
  const search = page.getByRole("searchbox", { name: "Sök kund" });
  await search.fill(tag);
  await expect(page.getByRole("button", { name: `Visa ${name}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await search.fill(`Henrietta Lindkvist${tag}`);
  await expect(page.getByRole("button", { name: `Visa ${name}` })).toBeVisible();

  await page.getByRole("button", { name: `Visa ${name}` }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail).toContainText("070-987 65 43");
  await expect(detail).toContainText("Lönngatan 4, 753 21 Uppsala");
  await expect(detail).toContainText("Inga bokningar.");
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await detail.getByRole("link", { name: "Exportera all data (JSON)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kunddata-\d+\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, "utf8"));
  expect(exported.customer).toMatchObject({ name, email });

  await detail.getByRole("button", { name: "Ta bort kund" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Ta bort kund" });
  await expect(confirm).toContainText(`Vill du ta bort ${name}?`);
  await confirm.getByRole("button", { name: "Ta bort" }).click();
  await expect(toasts(page)).toContainText("Kund borttagen");
  await expect(page.getByRole("button", { name: `Visa ${name}` })).toHaveCount(0);
});

test("the register sorts by last name and by city, and keeps the choice in the address", async ({ page, loginAs }) => {
  await loginAs("admin");
  await openRegister(page);
  await page.getByLabel("Sortera på").selectOption("lastName");
  await expect(page).toHaveURL(/sort=lastName/);
  await page.getByLabel("Ordning").selectOption("desc");
  await expect(page).toHaveURL(/dir=desc/);
  await page.reload();
  await expect(page.getByLabel("Sortera på")).toHaveValue("lastName");
  await expect(page.getByLabel("Ordning")).toHaveValue("desc");
  const cards = page.getByRole("list").filter({ has: page.getByRole("button", { name: /^Visa / }) }).getByRole("button", { name: /^Visa / });
  await expect(cards.first()).toBeVisible();
  const shown = await cards.evaluateAll((buttons) => buttons.map((b) => (b.getAttribute("aria-label") ?? "").replace(/^Visa /, "")));
  const lastNames = shown.map((n) => n.trim().split(/\s+/).pop()!.toLowerCase());
  const swedish = new Intl.Collator("sv");
  expect([...lastNames].sort((a, b) => swedish.compare(b, a))).toEqual(lastNames);
});
