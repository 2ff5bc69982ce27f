import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 9, SPEC §2 (ai=true, the assistant, the result banner), §4 assistant flow, §5, §8.

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

async function openAssistant(page: Page) {
  await page.goto("/booking?ai=true");
  await expect(page.getByRole("heading", { level: 2, name: "Felsökningsassistent" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Felsökningsassistent" })).toHaveAttribute("aria-pressed", "true");
}

test.describe("troubleshooting assistant", () => {
  test("from ?ai=true to a booking form with the recommended service chosen", async ({ page }) => {
    await openAssistant(page);
    await expectNoSeriousA11yViolations(page);

    // Missing fields: 'Saknade uppgifter' (SPEC §5), nothing analysed.
    await page.getByRole("button", { name: "Analysera problemet" }).click();
    await expect(toasts(page).getByText("Saknade uppgifter")).toBeVisible();
    await expect(page.getByLabel("Typ av värmepump *")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Typ av värmepump *").selectOption({ label: "Luft/vatten" });
    await page.getByLabel("Värmepumpens ålder *").selectOption({ label: "2–5 år" });
    await page.getByLabel("Vad gäller problemet?").selectOption({ label: "Felkod i displayen" });
    await page.getByLabel("Beskriv problemet (valfritt)").fill("Displayen visar E5 sedan i morse");
    await page.getByRole("button", { name: "Analysera problemet" }).click();
    await expect(page.getByText("Analyserar ditt problem...")).toBeVisible();

    // After about two seconds: the amber recommendation, its confidence and the conversation.
    await expect(page.getByRole("heading", { level: 3, name: "Vi rekommenderar: Felsökning" })).toBeVisible({ timeout: 5000 });
    await expect(page.locator("[data-recommendation='service']")).toHaveClass(/amber/);
    await expect(page.getByText("80 %")).toBeVisible();
    await page.getByText("Visa konversationen").click();
    await page.getByLabel("Ställ en följdfråga").fill("Vad kostar det?");
    await page.getByRole("button", { name: "Skicka" }).click();
    await expect(page.getByText("Svarar...").first()).toBeVisible();
    await expect(page.getByText(/En service kostar vanligtvis 1 500–3 000 kr/)).toBeVisible({ timeout: 4000 });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Fortsätt till bokning" }).click();
    await expect(page).not.toHaveURL(/ai=true/);
    await expect(page.getByText("Felsökningen rekommenderar felsökning.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Felsökning", exact: true })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    // The banner's link shows the result again.
    await page.getByRole("button", { name: "Visa felsökningen igen" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Vi rekommenderar: Felsökning" })).toBeVisible();
    await expect(page).toHaveURL(/ai=true/);
  });

  test("a problem the customer can fix ends the troubleshooting without choosing a service", async ({ page }) => {
    await openAssistant(page);
    await page.getByLabel("Typ av värmepump *").selectOption({ label: "Luft/luft" });
    await page.getByLabel("Värmepumpens ålder *").selectOption({ label: "Mindre än 2 år" });
    await page.getByLabel("Vad gäller problemet?").selectOption({ label: "Startar inte" });
    await page.getByRole("button", { name: "Analysera problemet" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Du kan troligen åtgärda det här själv" })).toBeVisible({ timeout: 5000 });
    await expect(page.locator("[data-recommendation='self-fix']")).toHaveClass(/emerald/);
    await expect(page.getByText("85 %")).toBeVisible();
    await expect(page.getByRole("button", { name: "Fortsätt till bokning" })).toHaveCount(0);

    // 'Börja om' returns to the form; a second run ends the troubleshooting.
    await page.getByRole("button", { name: "Börja om" }).click();
    await expect(page.getByRole("button", { name: "Analysera problemet" })).toBeVisible();
    await page.getByLabel("Typ av värmepump *").selectOption({ label: "Luft/luft" });
    await page.getByLabel("Värmepumpens ålder *").selectOption({ label: "Mindre än 2 år" });
    await page.getByLabel("Vad gäller problemet?").selectOption({ label: "Startar inte" });
    await page.getByRole("button", { name: "Analysera problemet" }).click();
    await page.getByRole("button", { name: "Avsluta felsökning" }).click({ timeout: 5000 });
    await expect(page.getByText("Enligt felsökningen kan du troligen åtgärda problemet själv.")).toBeVisible();
    for (const name of ["Service", "Installation", "Felsökning", "Hembesök"]) {
      await expect(page.getByRole("radio", { name, exact: true })).not.toBeChecked();
    }
  });

  test("the switch keeps what was typed in the form", async ({ page }) => {
    await page.goto("/booking");
    await page.getByRole("radio", { name: "Service", exact: true }).check();
    await page.getByRole("button", { name: "Felsökningsassistent" }).click();
    await expect(page).toHaveURL(/ai=true/);
    await page.getByRole("button", { name: "Boka direkt" }).click();
    await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeChecked();
  });
});
