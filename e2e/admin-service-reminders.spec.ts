import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, waitForEmail } from "./fixtures";

// Issue 12 (service reminders, rules §2, §5, §9): an admin imports customers with heat pumps by the
// form and by pasted JSON, sees the old pumps pending and creates reminders for them; sends the due
// reminders; the customer opens the e-mail's links: the booking form is prefilled with the discount
// shown, and one click unsubscribes, which the admin then sees. Both projects run at once: every
// customer made here has a name, e-mail and model of its own.

const unique = (testInfo: TestInfo) => `${testInfo.project.name === "mobile" ? "m" : "d"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

async function openReminders(page: Page, tab?: string) {
  await page.goto(`/admin/service-reminders${tab ? `?tab=${tab}` : ""}`);
  await expect(page.getByRole("heading", { level: 1, name: "Servicepåminnelser" })).toBeVisible({ timeout: 20_000 });
}

/** Today's date minus `days`, as yyyy-MM-dd in Stockholm. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Stockholm" });

test("an admin imports customers by the form and by pasted JSON, sees the old pumps pending and creates reminders for them", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  await openReminders(page);
  await expectNoSeriousA11yViolations(page);
  const tag = unique(testInfo);

  // The form: one row always remains; an empty row is refused before anything is sent.
  await expect(page.getByRole("button", { name: /Ta bort kund/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Importera kunder", exact: true }).click();
  await expect(toasts(page)).toContainText("Ofullständig information");
  await expect(toasts(page)).toContainText("Alla fält måste fyllas i för varje kund");
  await page.getByRole("button", { name: "Lägg till kund" }).click();
  await expect(page.getByRole("group", { name: "Kund 2" })).toBeVisible();
  await page.getByRole("button", { name: "Ta bort kund 2" }).click();
  await expect(page.getByRole("group", { name: "Kund 2" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Ta bort kund/ })).toHaveCount(0);

  const row = page.getByRole("group", { name: "Kund 1" });
  const formModel = `Formulärpump ${tag}`;
  await row.getByLabel("Namn").fill(`Formulär Kund ${tag}`);
  await row.getByLabel("E-post").fill(`formular.${tag}@exempel.se`);
  await row.getByLabel("Telefon").fill("070-111 22 33");
  await row.getByLabel("Adress").fill("Formvägen 1");
  await row.getByLabel("Postnummer").fill("753 20");
  await row.getByLabel("Ort").fill("Uppsala");
  await row.getByLabel("Modell").fill(formModel);
  await row.getByLabel("Typ").selectOption("bergvarmepump");
  await row.getByLabel("Installationsdatum").fill(daysAgo(800));
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Importera kunder", exact: true }).click();
  await expect(toasts(page)).toContainText("Import slutförd");
  await expect(toasts(page)).toContainText("1 kund importerad: 1 ny kund och 1 ny värmepump.");

  // Pasted JSON: must be an array, and a bad row imports nothing.
  const json = page.getByLabel("JSON med kunder");
  const importJson = page.getByRole("button", { name: "Importera JSON" });
  await json.fill('{ "name": "Inte en lista" }');
  await importJson.click();
  await expect(toasts(page)).toContainText("Fel JSON-format");
  await json.fill(`[{ "name": "Halv Rad ${tag}", "email": "halv.${tag}@exempel.se" }]`);
  await importJson.click();
  await expect(toasts(page)).toContainText("Import misslyckades");
  await expect(toasts(page)).toContainText("Rad 1: Alla fält måste fyllas i för varje kund");

  const oldModel = `Gammal pump ${tag}`;
  const newModel = `Ny pump ${tag}`;
  const customers = [
    {
      name: `Olle Gammal ${tag}`,
      email: `olle.${tag}@exempel.se`,
      phone: "070-222 33 44",
      address: "Äldregatan 2",
      city: "Gävle",
      postal_code: "802 50",
      products: [{ model: oldModel, type: "luftvarmepump", serial_number: `S-${tag}`, install_date: daysAgo(760) }],
    },
    {
      name: `Nina Ny ${tag}`,
      email: `nina.${tag}@exempel.se`,
      phone: "070-333 44 55",
      address: "Nyvägen 3",
      city: "Umeå",
      postalCode: "903 25",
      products: [{ model: newModel, type: "bergvarmepump", installDate: daysAgo(100) }],
    },
  ];
  await json.fill(JSON.stringify(customers, null, 2));
  await importJson.click();
  await expect(toasts(page)).toContainText("JSON importerad");
  await expect(toasts(page)).toContainText("2 kunder importerade: 2 nya kunder och 2 nya värmepumpar.");

  // Pending: pumps 24 months (of 30 days) or older, not the new one.
  await page.getByRole("tab", { name: "Väntande produkter" }).click();
  await expect(page).toHaveURL(/tab=pending/);
  const pending = page.getByRole("region", { name: "Väntande produkter" });
  await expect(pending.getByRole("cell", { name: oldModel, exact: true })).toBeVisible();
  await expect(pending.getByRole("cell", { name: formModel, exact: true })).toBeVisible();
  await expect(pending.getByRole("cell", { name: newModel, exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Only these two: leave every other pending pump out first.
  const all = page.getByRole("checkbox", { name: "Välj alla" });
  await expect(all).toBeChecked();
  await all.uncheck();
  await page.getByRole("checkbox", { name: `Välj ${oldModel} hos Olle Gammal ${tag}` }).check();
  await page.getByRole("checkbox", { name: `Välj ${formModel} hos Formulär Kund ${tag}` }).check();
  // Offline for a moment: the §8 text, and the choice is still there to try again.
  await page.route("**/api/admin/service-reminders/create", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Skapa påminnelser (2)" }).click();
  await expect(toasts(page)).toContainText("Kunde inte skapa påminnelser");
  await page.unroute("**/api/admin/service-reminders/create");
  await page.getByRole("button", { name: "Skapa påminnelser (2)" }).click();
  await expect(toasts(page)).toContainText("Påminnelser skapade");
  await expect(toasts(page)).toContainText("2 påminnelser skapade. De skickas om 7 dagar.");
  await expect(pending.getByRole("cell", { name: oldModel, exact: true })).toHaveCount(0);

  // Management: both wait to be sent in 7 days.
  await page.getByRole("tab", { name: "Påminnelser" }).click();
  const list = page.getByRole("region", { name: "Påminnelser" });
  for (const model of [oldModel, formModel]) {
    const reminder = list.getByRole("row").filter({ hasText: model });
    await expect(reminder).toContainText("Skickas");
  }
  await expectNoSeriousA11yViolations(page);
});

test("the admin sends the due reminders; the customer books with their details filled in and unsubscribes in one click", async ({ page, loginAs, baseURL }) => {
  await loginAs("admin");
  await openReminders(page, "manage");
  // The demo's reminder for Greta Lindholm was made eight days ago (rules §9: sent after 7 days).
  await page.route("**/api/admin/service-reminders/send", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Skicka påminnelser" }).click();
  await expect(toasts(page)).toContainText("Kunde inte skicka påminnelser");
  await page.unroute("**/api/admin/service-reminders/send");
  await page.getByRole("button", { name: "Skicka påminnelser" }).click();
  await expect(toasts(page)).toContainText("Påminnelser skickade");
  const greta = page.getByRole("region", { name: "Påminnelser" }).getByRole("row").filter({ hasText: "Greta Lindholm" });
  await expect(greta).toContainText("Skickad");

  const mail = await waitForEmail("greta.lindholm@exempel.se", { subject: "Dags för service av din värmepump" });
  expect(mail.text).toContain("Erbjudande: 15 % rabatt på service");
  const bookingUrl = mail.text.match(/https?:\/\/\S+\/booking\?service=service&erbjudande=[\w-]+/)?.[0];
  const unsubscribeUrl = mail.text.match(/https?:\/\/\S+\/api\/service-reminders\/unsubscribe\/[\w-]+/)?.[0];
  expect(bookingUrl?.startsWith(`${baseURL}/booking`)).toBe(true);
  expect(unsubscribeUrl?.startsWith(`${baseURL}/api/`)).toBe(true);

  // The customer's phone: the booking form is filled in from the reminder, and says what it gives.
  await page.goto(bookingUrl!);
  await expect(page.getByRole("status").filter({ hasText: "Servicepåminnelse: 15 % rabatt på service" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Värmepumpsmodell")).toHaveValue("Nibe F2120-12");
  await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  // On to the contact step: the first free time, then her details are already there.
  await page.getByLabel("Beskrivning", { exact: true }).fill("Årlig service efter påminnelsen.");
  await page.getByRole("button", { name: "Nästa", exact: true }).click();
  await expect(page.getByText(/^Valt datum:/)).toBeVisible({ timeout: 20_000 });
  const times = page.getByRole("group", { name: "Välj starttid" }).getByRole("radio");
  await expect(times.first()).toBeVisible();
  await times.first().check();
  await page.getByRole("button", { name: "Nästa", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Dina uppgifter" })).toBeVisible();
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Greta Lindholm");
  await expect(page.getByLabel("E-postadress", { exact: true })).toHaveValue("greta.lindholm@exempel.se");
  await expect(page.getByLabel("Telefonnummer", { exact: true })).toHaveValue("070-678 90 12");
  await expect(page.getByLabel("Adress", { exact: true })).toHaveValue("Lönnvägen 7");
  await expect(page.getByLabel("Ort", { exact: true })).toHaveValue("Sigtuna");
  await expect(page.getByLabel("Postnummer", { exact: true })).toHaveValue("193 30");

  // One click: the link shows the question, the button ends the reminders.
  await page.goto(unsubscribeUrl!);
  await expect(page.getByRole("heading", { level: 1, name: "Avsluta servicepåminnelser" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Avsluta påminnelser" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Du är avregistrerad" })).toBeVisible();

  await openReminders(page, "manage");
  const after = page.getByRole("region", { name: "Påminnelser" }).getByRole("row").filter({ hasText: "Greta Lindholm" });
  await expect(after).toContainText("Avregistrerad");
});
