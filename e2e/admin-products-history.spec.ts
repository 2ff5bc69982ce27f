import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 12 (products and service history): an admin registers a heat pump for a customer and finds
// it; reads the service history of the demo data. Both projects run at once: names of their own.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

test("an admin registers a product for a customer found by name, then finds it by its serial number", async ({ page, loginAs, baseURL }, testInfo) => {
  await loginAs("admin");
  const tag = unique(testInfo);
  const customer = await page.request.post("/api/customers", {
    data: {
      name: `Petra Produkt${tag}`,
      email: `petra.${tag}@exempel.se`,
      phone: "070-765 43 21",
      address: "Pumpvägen 2",
      city: "Gävle",
      postalCode: "802 22",
    },
    headers: { origin: baseURL! },
  });
  expect(customer.status(), await customer.text()).toBe(201);

  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Produkter" })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Ny produkt", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Ny produkt" });
  await dialog.getByRole("button", { name: "Skapa produkt" }).click();
  await expect(dialog.getByText("Välj en kund")).toBeVisible();
  await expect(dialog.getByText("Modell krävs")).toBeVisible();
  await dialog.getByLabel("Sök kund (namn, e-post eller ort)").fill(`Produkt${tag}`);
  await expect(dialog.getByLabel("Kund", { exact: true }).getByRole("option", { name: new RegExp(`Petra Produkt${tag}`) })).toHaveCount(1);
  await dialog.getByLabel("Kund", { exact: true }).selectOption({ label: `Petra Produkt${tag} – Gävle` });
  await dialog.getByLabel("Typ").selectOption("bergvärmepump");
  await dialog.getByLabel("Märke").fill("Thermia");
  await dialog.getByLabel("Modell").fill("Calibra Eco");
  await dialog.getByLabel("Serienummer").fill(`SN-${tag}`);
  await dialog.getByLabel("Installationsdatum").fill("2024-09-15");
  await dialog.getByLabel("Garanti till").fill("2023-09-15");
  await dialog.getByRole("button", { name: "Skapa produkt" }).click();
  await expect(dialog.getByText("Garantin kan inte sluta före installationen")).toBeVisible();
  await dialog.getByLabel("Garanti till").fill("2029-09-15");
  await expectNoSeriousA11yViolations(page);
  // Offline for a moment: the §8 text, nothing lost.
  await page.route("**/api/products", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback()));
  await dialog.getByRole("button", { name: "Skapa produkt" }).click();
  await expect(toasts(page)).toContainText("Kunde inte skapa produkten. Försök igen.");
  await expect(dialog.getByLabel("Modell")).toHaveValue("Calibra Eco");
  await page.unroute("**/api/products");
  await dialog.getByRole("button", { name: "Skapa produkt" }).click();
  await expect(toasts(page)).toContainText("Produkt skapad");

  await page.getByLabel("Sök produkt").fill(`SN-${tag}`);
  const card = page.getByRole("button", { name: `Visa Thermia Calibra Eco, Petra Produkt${tag}` });
  await expect(card).toBeVisible();
  await card.click();
  const detail = page.getByRole("dialog", { name: "Thermia Calibra Eco" });
  await expect(detail).toContainText(`SN-${tag}`);
  await expect(detail).toContainText("Bergvärmepump");
  await expect(detail).toContainText(`Petra Produkt${tag}, Gävle`);
  await expect(detail).toContainText(/Installerad\s*15 sep\. 2024/);
  await expect(detail).toContainText(/Garanti till\s*15 sep\. 2029/);
  await expectNoSeriousA11yViolations(page);
});

test("the service history lists the visits done, searches them and shows one with its fault, work, parts, cost and follow-up", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/service-history");
  await expect(page.getByRole("heading", { level: 1, name: "Servicehistorik" })).toBeVisible({ timeout: 20_000 });
  const entries = page.getByRole("button", { name: /^Visa / });
  await expect(entries.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Sök i servicehistoriken").fill("Läcksökning");
  // The list follows the search (the first card shows its work done).
  await expect(entries.first()).toContainText("Läcksökning");
  // The demo data's troubleshooting visits: whether this one needs a follow-up is the data's own.
  const [first] = (await (await page.request.get(`/api/service-history?q=${encodeURIComponent("Läcksökning")}`)).json()) as { followUpNeeded: boolean }[];
  await entries.first().click();
  const detail = page.getByRole("dialog");
  await expect(detail).toContainText(/Fel\s*Felkod E5, låg köldmedietryck\./);
  await expect(detail).toContainText(/Åtgärder\s*Läcksökning, tätning av flänsförband och påfyllning av köldmedium\./);
  await expect(detail).toContainText(/Delar\s*Flänsmutter 1\/4"/);
  await expect(detail).toContainText(/Kostnad\s*2\s500\skr/);
  await expect(detail).toContainText(first.followUpNeeded ? /Uppföljning\s*Ja/ : /Uppföljning\s*Nej/);
  await expectNoSeriousA11yViolations(page);
});

// Issue 23 point 8: a product is edited from its detail dialog with the create form's rules, a
// serial number stays one unit's, and every change is in the product's history with who and when.
test("an admin edits a product, sees the change in its history, and a serial number another product has is refused", async ({
  page,
  loginAs,
  baseURL,
}, testInfo) => {
  const admin = await loginAs("admin");
  const tag = unique(testInfo);
  const customer = await page.request.post("/api/customers", {
    data: {
      name: `Rune Redigering${tag}`,
      email: `rune.${tag}@exempel.se`,
      phone: "070-765 43 21",
      address: "Pumpvägen 4",
      city: "Gävle",
      postalCode: "802 22",
    },
    headers: { origin: baseURL! },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = (await customer.json()).id as number;
  for (const serialNumber of [`ED-${tag}`, `TAGET-${tag}`]) {
    const product = await page.request.post("/api/products", {
      data: {
        customerId,
        type: "luftvärmepump",
        brand: "Daikin",
        model: serialNumber.startsWith("ED") ? "Perfera" : "Stylish",
        serialNumber,
        installationDate: "2023-04-01",
      },
      headers: { origin: baseURL! },
    });
    expect(product.status(), await product.text()).toBe(201);
  }

  await page.goto("/admin/products");
  await page.getByLabel("Sök produkt").fill(`ED-${tag}`);
  await page.getByRole("button", { name: `Visa Daikin Perfera, Rune Redigering${tag}` }).click();
  const detail = page.getByRole("dialog", { name: "Daikin Perfera" });
  await expect(detail.getByRole("region", { name: "Ändringshistorik" })).toContainText("Inga ändringar sedan produkten registrerades.");
  await detail.getByRole("button", { name: "Ändra produkt" }).click();
  const form = page.getByRole("dialog", { name: "Ändra produkt" });
  await expect(form.getByLabel("Modell")).toHaveValue("Perfera");
  await expect(form.getByLabel("Kund", { exact: true })).toHaveValue(String(customerId));

  // The create form's rules, inline.
  await form.getByLabel("Garanti till").fill("2020-01-01");
  await form.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(form.getByText("Garantin kan inte sluta före installationen")).toBeVisible();

  // Another product's serial number: the server's Swedish refusal, in the dialog and a toast.
  await form.getByLabel("Garanti till").fill("2030-04-01");
  await form.getByLabel("Serienummer").fill(`taget-${tag}`);
  await form.getByRole("button", { name: "Spara ändringar" }).click();
  const refusal = `Serienumret taget-${tag} finns redan registrerat (Rune Redigering${tag}).`;
  await expect(form.getByRole("alert")).toContainText(refusal);
  await expect(toasts(page)).toContainText(refusal);
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel("Serienummer").fill(`ED-${tag}`);
  await form.getByLabel("Modell").fill("Perfera FTXM");
  await form.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(toasts(page)).toContainText("Produkten är uppdaterad");
  await expect(form).toBeHidden();
  const updated = page.getByRole("dialog", { name: "Daikin Perfera FTXM" });
  const history = updated.getByRole("region", { name: "Ändringshistorik" });
  await expect(history).toContainText("Modell: Perfera → Perfera FTXM");
  await expect(history).toContainText(/Garanti till: – → 1 apr\. 2030/);
  await expect(history).toContainText(admin.name);
});

// Issue 23 point 8: the service history is found by place too (the visit's or the customer's city,
// postal code or street), and each entry says where it was.
test("the service history is found by city and postal code, and each entry shows its place", async ({ page, loginAs }) => {
  await loginAs("admin");
  const all = (await (await page.request.get("/api/service-history")).json()) as { place: string | null }[];
  const place = all.find((e) => e.place)?.place;
  expect(place, "the demo data's visits have addresses").toBeTruthy();
  const [, postalCode, city] = /, (\d{3} \d{2}) (.+)$/.exec(place!)!;

  await page.goto("/admin/service-history");
  await expect(page.getByRole("heading", { level: 1, name: "Servicehistorik" })).toBeVisible({ timeout: 20_000 });
  const search = page.getByLabel("Sök i servicehistoriken");
  await expect(search).toHaveAttribute("placeholder", /ort, adress, postnummer/);
  const entries = page.getByRole("button", { name: /^Visa / });
  for (const q of [city, postalCode]) {
    await search.fill(q);
    await expect(entries.first()).toContainText(q);
    const found = (await (await page.request.get(`/api/service-history?q=${encodeURIComponent(q)}`)).json()) as {
      place: string | null;
      customerName: string;
    }[];
    expect(found.length, q).toBeGreaterThan(0);
    await expect(entries).toHaveCount(found.length);
  }
  await entries.first().click();
  await expect(page.getByRole("dialog")).toContainText(new RegExp(`Plats\\s*.*${postalCode} ${city}`));
  await expectNoSeriousA11yViolations(page);
});
