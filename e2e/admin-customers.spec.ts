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

test("an admin creates a customer, finds them by a misspelt name, opens the detail, exports the data and deletes them", async ({ page, loginAs, baseURL }, testInfo) => {
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
  // The connection drops as the admin saves: the §8 text, and the form keeps what was typed.
  await page.route("**/api/customers", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
  await dialog.getByRole("button", { name: "Skapa kund" }).click();
  await expect(toasts(page)).toContainText("Kunde inte skapa kunden. Försök igen.");
  await expect(dialog.getByLabel("Namn")).toHaveValue(name);
  await page.unroute("**/api/customers");
  await dialog.getByRole("button", { name: "Skapa kund" }).click();
  await expect(toasts(page)).toContainText("Kund skapad");

  const search = page.getByRole("searchbox", { name: "Sök kund" });
  // Two letters: the beginning of names and places, and the page says so.
  await search.fill("He");
  await expect(page.getByRole("status").filter({ hasText: "En eller två bokstäver visar namn och orter som börjar så" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Visa ${name}` })).toBeVisible();

  // Found by a part of the e-mail, and by the name with a typo (k for q).
  await search.fill(tag);
  await expect(page.getByRole("button", { name: `Visa ${name}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await search.fill(`Henrietta Lindkvist${tag}`);
  await expect(page.getByRole("button", { name: `Visa ${name}` })).toBeVisible();

  // Their heat pump, registered meanwhile on the products screen (here through its API).
  const [{ id }] = (await (await page.request.get(`/api/customers?q=${tag}`)).json()).items as { id: number }[];
  const product = await page.request.post("/api/products", {
    data: { customerId: id, type: "luftvärmepump", brand: "Nibe", model: "F2120", serialNumber: `K-${tag}`, installationDate: "2024-05-02" },
    headers: { origin: baseURL! },
  });
  expect(product.status(), await product.text()).toBe(201);

  await page.getByRole("button", { name: `Visa ${name}` }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail).toContainText("070-987 65 43");
  await expect(detail).toContainText("Lönngatan 4, 753 21 Uppsala");
  const products = detail.getByRole("region", { name: "Produkter" });
  await expect(products).toContainText("Nibe F2120");
  await expect(products).toContainText(/Luftvärmepump · Installerad tors 2 maj 2024 · Serienummer K-/);
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

test("a search with more customers than a page shows them a page at a time, and Back returns to the first", async ({ page, loginAs, baseURL }, testInfo) => {
  await loginAs("admin");
  const tag = unique(testInfo);
  const ids: number[] = [];
  for (let i = 1; i <= 25; i++) {
    const res = await page.request.post("/api/customers", {
      data: { name: `Sidkund ${String(i).padStart(2, "0")} Blad${tag}`, email: `sida.${i}.${tag}@exempel.se`, phone: "070-100 00 00", address: `Sidgatan ${i}`, city: "Enköping", postalCode: "745 31" },
      headers: { origin: baseURL! },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id);
  }
  try {
    await page.goto(`/admin/customers?q=Blad${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: "Kundregister" })).toBeVisible({ timeout: 20_000 });
    const cards = page.getByRole("button", { name: new RegExp(`^Visa Sidkund \\d+ Blad${tag}$`) });
    await expect(page.getByRole("status").filter({ hasText: "25 kunder" })).toBeVisible();
    await expect(cards).toHaveCount(24);
    const pages = page.getByRole("navigation", { name: "Sidor" });
    await expect(pages).toContainText("Sida 1 av 2");
    await expect(pages.getByRole("button", { name: "Föregående" })).toBeDisabled();
    await pages.getByRole("button", { name: "Nästa" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pages).toContainText("Sida 2 av 2");
    await expect(cards).toHaveCount(1);
    // Sorted by name: the 25th is the one left for the second page.
    await expect(cards).toHaveAccessibleName(`Visa Sidkund 25 Blad${tag}`);
    await page.goBack();
    await expect(pages).toContainText("Sida 1 av 2");
    await expect(cards).toHaveCount(24);
  } finally {
    for (const id of ids) await page.request.delete(`/api/customers/${id}`, { headers: { origin: baseURL! } });
  }
});
