import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 9, rules §2 (ai=true, the assistant, the result banner), §4 assistant flow, §5, §8.

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

    // Missing fields: 'Saknade uppgifter' (rules §5), nothing analysed.
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
    // The typing indicator shows only while the answer is on its way (about a second): watched from
    // before the click, as a busy machine may finish the click after it has gone (CI, desktop).
    const typing = page.getByText("Svarar...").first().waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Skicka" }).click();
    await typing;
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

  test("the hand-off carries what the customer wrote into the form and lands at its top, with the banner", async ({ page }) => {
    await page.goto("/booking");
    const description = page.getByLabel("Beskrivning", { exact: true });
    await description.fill("Det luktar lite bränt vid start.");
    await page.getByRole("button", { name: "Felsökningsassistent" }).click();
    await page.getByLabel("Typ av värmepump *").selectOption({ label: "Luft/vatten" });
    await page.getByLabel("Värmepumpens ålder *").selectOption({ label: "2–5 år" });
    await page.getByLabel("Vad gäller problemet?").selectOption({ label: "Felkod i displayen" });
    await page.getByLabel("Beskriv problemet (valfritt)").fill("Displayen visar e5 sedan i morse, och den piper.");
    await page.getByRole("button", { name: "Analysera problemet" }).click();
    const proceed = page.getByRole("button", { name: "Fortsätt till bokning" });
    await proceed.click({ timeout: 5000 }); // scrolled to, at the foot of the result

    const banner = page.getByRole("status").filter({ hasText: "Felsökningen rekommenderar felsökning." });
    await expect(banner).toBeFocused();
    await expect(banner).toBeInViewport();
    const header = (await page.getByRole("banner").boundingBox())!;
    const bannerBox = (await banner.boundingBox())!;
    expect(bannerBox.y, "the banner below the sticky header").toBeGreaterThanOrEqual(header.y + header.height);
    expect(bannerBox.y, "the banner at the top of the screen").toBeLessThan(page.viewportSize()!.height / 3);
    await expect(page.getByRole("heading", { level: 2, name: "Tjänst & Beskrivning" })).toBeInViewport();

    // What the customer told the assistant, in Swedish, after what they had written in the form.
    await expect(page.getByRole("radio", { name: "Felsökning", exact: true })).toBeChecked();
    await expect(description).toHaveValue(
      [
        "Det luktar lite bränt vid start.",
        "",
        "Från felsökningsassistenten:",
        "Problem: Felkod i displayen",
        "Värmepump: Luft/vatten, 2–5 år",
        "Felkod: E5",
        "Beskrivning: Displayen visar e5 sedan i morse, och den piper.",
      ].join("\n"),
    );
    await expectNoSeriousA11yViolations(page);

    // A second run replaces the first run's text.
    await page.getByRole("button", { name: "Visa felsökningen igen" }).click();
    await page.getByRole("button", { name: "Börja om" }).click();
    await page.getByLabel("Typ av värmepump *").selectOption({ label: "Luft/vatten" });
    await page.getByLabel("Värmepumpens ålder *").selectOption({ label: "2–5 år" });
    await page.getByLabel("Vad gäller problemet?").selectOption({ label: "Konstiga ljud" });
    await page.getByLabel("Beskriv problemet (valfritt)").fill("Ett metalliskt skrapande från utedelen.");
    await page.getByRole("button", { name: "Analysera problemet" }).click();
    await proceed.click({ timeout: 5000 });
    await expect(banner).toBeFocused();
    await expect(description).toHaveValue(
      [
        "Det luktar lite bränt vid start.",
        "",
        "Från felsökningsassistenten:",
        "Problem: Konstiga ljud",
        "Värmepump: Luft/vatten, 2–5 år",
        "Beskrivning: Ett metalliskt skrapande från utedelen.",
      ].join("\n"),
    );
  });

  test("the 'Saknade uppgifter' toast leaves the field it is about in view, below the header", async ({ page }) => {
    await openAssistant(page);
    // The customer has scrolled the form up to have it all on screen: the first field just below the header.
    const field = page.getByLabel("Typ av värmepump *");
    await field.evaluate((select) => window.scrollBy(0, select.getBoundingClientRect().top - 100));
    await page.getByRole("button", { name: "Analysera problemet" }).click();
    const toast = toasts(page).getByRole("listitem").filter({ hasText: "Saknade uppgifter" });
    await expect(toast).toBeVisible();
    await expect(field).toBeFocused();
    const parts = [field, page.getByText("Typ av värmepump *", { exact: true }), page.getByText("Välj typ av värmepump", { exact: true })];
    for (const part of parts) await expect(part).toBeInViewport();
    const header = (await page.getByRole("banner").boundingBox())!;
    const label = (await parts[1].boundingBox())!;
    expect(label.y, "the label below the sticky header").toBeGreaterThanOrEqual(header.y + header.height);
    // The toast may move once the focus has settled; where it ends up, it covers no part of the field.
    await expect
      .poll(
        async () => {
          const box = (await toast.boundingBox())!;
          const covered: string[] = [];
          for (const [index, part] of parts.entries()) {
            const p = (await part.boundingBox())!;
            if (box.x < p.x + p.width && p.x < box.x + box.width && box.y < p.y + p.height && p.y < box.y + box.height)
              covered.push(["field", "label", "message"][index]);
          }
          return covered;
        },
        { message: "parts of the field under the toast" },
      )
      .toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });

  test("a problem the customer can fix ends the troubleshooting without choosing a service", { tag: "@one-viewport" }, async ({ page }) => {
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

  test("the switch keeps what was typed in the form", { tag: "@one-viewport" }, async ({ page }) => {
    await page.goto("/booking");
    await page.getByRole("radio", { name: "Service", exact: true }).check();
    await page.getByRole("button", { name: "Felsökningsassistent" }).click();
    await expect(page).toHaveURL(/ai=true/);
    await page.getByRole("button", { name: "Boka direkt" }).click();
    await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeChecked();
  });
});
