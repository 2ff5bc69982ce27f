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
    data: { name: `Petra Produkt${tag}`, email: `petra.${tag}@exempel.se`, phone: "070-765 43 21", address: "Pumpvägen 2", city: "Gävle", postalCode: "802 22" },
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
  await expect(detail).toContainText(/Installerad\s*sön 15 sep\.? 2024/);
  await expect(detail).toContainText(/Garanti till\s*lör 15 sep\.? 2029/);
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
