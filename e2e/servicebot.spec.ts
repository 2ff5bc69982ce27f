import type { Page } from "@playwright/test";
import { priceText } from "../src/common/booking-rules";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 9, rules §2 ServiceBot dialog, §7 POST /api/chatbot/troubleshoot, §8 chat texts, §9 reset;
// issue 11: the intents customers actually send (urgency, booking, an error code on a brand).

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

async function openChat(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: /chatten med ServiceBot/i }).click();
  const dialog = page.getByRole("dialog", { name: "ServiceBot" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function ask(page: Page, question: string) {
  const input = page.getByRole("dialog", { name: "ServiceBot" }).getByLabel("Din fråga");
  await input.fill(question);
  await input.press("Enter");
}

const conversation = (page: Page) => page.getByRole("list", { name: "Konversation med ServiceBot" });
/** The messages (the list's own items; an answer's numbered list has items of its own). */
const messages = (page: Page) => conversation(page).locator(":scope > li");

test.describe("ServiceBot", () => {
  test("a quick prompt gets an answer from the knowledge base; the prompts go once something is asked", async ({ page }) => {
    const dialog = await openChat(page);
    await expect(conversation(page)).toContainText("Hej! Jag är ServiceBot.");
    const prompts = dialog.getByRole("group", { name: "Vanliga frågor" });
    await expect(prompts.getByRole("button")).toHaveCount(6);
    await expectNoSeriousA11yViolations(page);

    await prompts.getByRole("button", { name: "Hög elförbrukning" }).click();
    await expect(prompts).toHaveCount(0);
    await expect(messages(page).nth(1)).toContainText("Hög elförbrukning");
    const answer = messages(page).nth(2);
    await expect(answer).toContainText("Så minskar du elförbrukningen:");
    // Bold and a numbered list, rendered as elements.
    await expect(answer.locator("strong").first()).toHaveText("Så minskar du elförbrukningen:");
    await expect(answer.locator("ol > li").first()).toContainText("Rengör filtren");
    await expectNoSeriousA11yViolations(page);
  });

  test("a typed question: Shift+Enter makes a new line, Enter sends; the send button waits for text", async ({ page }) => {
    const dialog = await openChat(page);
    const input = dialog.getByLabel("Din fråga");
    const send = dialog.getByRole("button", { name: "Skicka" });
    await expect(send).toBeDisabled();
    await input.fill("   ");
    await expect(send).toBeDisabled();

    await input.fill("");
    await input.pressSequentially("Hur rengör jag");
    await input.press("Shift+Enter");
    await input.pressSequentially("filtret?");
    await expect(input).toHaveValue("Hur rengör jag\nfiltret?");
    // The box grows with the text but stays between 60 and 120 px.
    const height = await input.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(60);
    expect(height).toBeLessThanOrEqual(120);

    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(messages(page).nth(1)).toContainText("Hur rengör jag\nfiltret?");
    await expect(messages(page).nth(2)).toContainText("Så rengör du filtren");

    // A follow-up is read in the light of the conversation.
    await input.fill("och hur ofta?");
    await input.press("Enter");
    await expect(messages(page).nth(4)).toContainText("varannan månad");
  });

  test("when the server fails: the error toast and an answer with the phone number", { tag: "@one-viewport" }, async ({ page }) => {
    const dialog = await openChat(page);
    await page.route("**/api/chatbot/troubleshoot", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internt fel" }) }),
    );
    await dialog.getByLabel("Din fråga").fill("Värmepumpen låter");
    await dialog.getByLabel("Din fråga").press("Enter");
    await expect(toasts(page).getByText("Kunde inte hämta svar från chatboten. Försök igen senare.")).toBeVisible();
    await expect(conversation(page)).toContainText("Jag kan tyvärr inte svara just nu.");
    await expect(conversation(page)).toContainText("08-123 456 70");
    await expect(dialog.getByLabel("Din fråga")).toBeEnabled();
  });

  test("the conversation starts afresh after the dialog is closed", { tag: "@one-viewport" }, async ({ page }) => {
    await page.clock.install(); // the reset's delay is skipped, not waited for
    const dialog = await openChat(page);
    await dialog.getByRole("button", { name: "Felkod i displayen" }).click();
    await expect(messages(page)).toHaveCount(3);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.clock.fastForward(400); // rules §9: reset 300 ms after closing
    await page.getByRole("button", { name: /chatten med ServiceBot/i }).click();
    await expect(messages(page)).toHaveCount(1);
    await expect(page.getByRole("group", { name: "Vanliga frågor" }).getByRole("button")).toHaveCount(6);
  });

  test("ten questions on a phone: the list scrolls, the header, the input and the newest answer stay in view; Escape returns to the chat button", async ({
    page,
  }) => {
    const dialog = await openChat(page);
    const input = dialog.getByLabel("Din fråga");
    const close = dialog.getByRole("button", { name: "Stäng" });
    const title = dialog.getByRole("heading", { name: "ServiceBot" });
    const viewport = page.viewportSize()!;
    const questions = [
      "Värmepumpen värmer inte",
      "Den blåser bara kall luft",
      "Konstiga ljud från värmepumpen",
      "utedelen är full av is",
      "det droppar vatten från innedelen",
      "Hög elförbrukning",
      "hur rengör jag filtret",
      "vad ingår i en service",
      "vad betyder felkod E5",
      "fjärrkontrollen funkar inte",
    ];
    const firstTitle = (await title.boundingBox())!;
    let firstInput: { y: number } | null = null;
    for (const [index, question] of questions.entries()) {
      await input.fill(question);
      await input.press("Enter");
      // The greeting, then a question and an answer per round.
      await expect(messages(page)).toHaveCount(1 + 2 * (index + 1));
      await expect(conversation(page).getByRole("status")).toHaveCount(0);
      const answer = messages(page).last();
      // The newest answer is scrolled to (its start, when it is taller than the list) once it has arrived.
      await expect
        .poll(
          async () => {
            const [box, list] = [await answer.boundingBox(), await conversation(page).boundingBox()];
            return box && list ? Math.round(box.y - list.y) >= -1 && box.y < list.y + list.height - 16 : false;
          },
          { message: `answer ${index + 1} scrolled into the list's view` },
        )
        .toBe(true);
      const round = `after question ${index + 1}`;
      const inputBox = (await input.boundingBox())!;
      expect(inputBox.y, `the input's top ${round}`).toBeGreaterThanOrEqual(0);
      expect(inputBox.y + inputBox.height, `the input's bottom ${round}`).toBeLessThanOrEqual(viewport.height);
      const answerBox = (await answer.boundingBox())!;
      expect(answerBox.y, `the newest answer's top ${round}`).toBeGreaterThanOrEqual(0);
      expect(answerBox.y, `the newest answer's top ${round}`).toBeLessThan(viewport.height);
      const closeBox = (await close.boundingBox())!;
      expect(closeBox.y, `the close button ${round}`).toBeGreaterThanOrEqual(0);
      // The header and the input stay where they are; only the list scrolls.
      expect(Math.round((await title.boundingBox())!.y), `the title ${round}`).toBe(Math.round(firstTitle.y));
      firstInput ??= inputBox;
      expect(Math.abs(inputBox.y - firstInput.y), `the input moved ${round}`).toBeLessThanOrEqual(1);
      // Nothing scrolls sideways: not the page, not the dialog.
      const sideways = await page.evaluate(() => {
        const root = document.scrollingElement!;
        const box = document.querySelector('[role="dialog"]')!;
        return {
          page: root.scrollLeft,
          pageWider: root.scrollWidth > window.innerWidth,
          dialog: box.scrollLeft,
          dialogWider: box.scrollWidth > box.clientWidth,
        };
      });
      expect(sideways, `sideways scroll ${round}`).toEqual({ page: 0, pageWider: false, dialog: 0, dialogWider: false });
    }
    // The dialog itself does not scroll; its list does.
    expect(await dialog.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await conversation(page).evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The dialog's own buttons (send, close) are not the page's: the chat button behind the dialog
    // keeps its place instead of stepping aside, hidden, where the focus could not return to it.
    const launcher = page.getByRole("button", { name: /chatten med ServiceBot/i, includeHidden: true });
    await expect(launcher).not.toHaveAttribute("data-offset", "away");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: /chatten med ServiceBot/i })).toBeFocused();
  });

  test("a question outside heat pumps gets an honest answer", { tag: "@one-viewport" }, async ({ page }) => {
    const dialog = await openChat(page);
    await dialog.getByLabel("Din fråga").fill("Vad blir vädret i morgon?");
    await dialog.getByLabel("Din fråga").press("Enter");
    await expect(conversation(page)).toContainText("Det kan jag tyvärr inte svara på.");
  });

  test("an urgent question gets the phone number and the earliest time that can be booked", { tag: "@one-viewport" }, async ({ page }) => {
    await openChat(page);
    await ask(page, "det är akut, huset är iskallt");
    const answer = messages(page).nth(2);
    await expect(answer).toContainText("Ring oss på 08-123 456 70");
    // The earliest free troubleshooting time in Stockholm, as Swedes write it ("måndag 7 december kl. 08:00–10:00").
    await expect(answer).toContainText(/Första lediga tid för felsökning: \p{L}+ \d{1,2} \p{L}+ kl\. \d{2}:\d{2}–\d{2}:\d{2}\./u);
    await expect(answer.getByRole("link", { name: "Boka felsökning" })).toHaveAttribute("href", "/booking?service=troubleshooting");
  });

  test("a wish to book answers with a link that opens the booking page with that service chosen", async ({ page }) => {
    const dialog = await openChat(page);
    await ask(page, "jag vill boka en installation");
    const link = messages(page).nth(2).getByRole("link", { name: "Boka installation" });
    await expect(link).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await link.click();
    await expect(page).toHaveURL(/\/booking\?service=installation$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("radio", { name: "Installation", exact: true })).toBeChecked();
  });

  test("an error code on a brand is answered for that brand", { tag: "@one-viewport" }, async ({ page }) => {
    await openChat(page);
    await ask(page, "min daikin visar E5");
    const answer = messages(page).nth(2);
    await expect(answer).toContainText("E5 på Daikin: Kompressorns överlastskydd har löst ut");
    await expect(answer.locator("strong").first()).toHaveText("E5 på Daikin:");
    await expect(answer).not.toContainText("Mitsubishi");
    // And what to do about it: one restart at most, then a troubleshooting visit, with its link.
    await expect(answer).toContainText("Gör högst en omstart");
    await expect(answer.getByRole("link", { name: "Boka felsökning" })).toHaveAttribute("href", "/booking?service=troubleshooting");
  });

  test("a price question gets the booking rules' prices and a link to book that service", { tag: "@one-viewport" }, async ({ page }) => {
    await openChat(page);
    await ask(page, "vad kostar en service?");
    const answer = messages(page).nth(2);
    for (const price of [priceText.serviceAirToAir, priceText.serviceRange, priceText.troubleshooting, priceText.installation]) {
      await expect(answer).toContainText(price);
    }
    await expect(answer.getByRole("link", { name: "Boka service" })).toHaveAttribute("href", "/booking?service=service");
  });
});
