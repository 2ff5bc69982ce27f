import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// Issue 9, SPEC §2 ServiceBot dialog, §7 POST /api/chatbot/troubleshoot, §8 chat texts, §9 reset.

const toasts = (page: Page) => page.getByRole("region", { name: /Aviseringar/, includeHidden: true });

async function openChat(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: /chatten med ServiceBot/i }).click();
  const dialog = page.getByRole("dialog", { name: "ServiceBot" });
  await expect(dialog).toBeVisible();
  return dialog;
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

  test("when the server fails: the error toast and an answer with the phone number", async ({ page }) => {
    const dialog = await openChat(page);
    await page.route("**/api/chatbot/troubleshoot", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internt fel" }) }));
    await dialog.getByLabel("Din fråga").fill("Värmepumpen låter");
    await dialog.getByLabel("Din fråga").press("Enter");
    await expect(toasts(page).getByText("Kunde inte hämta svar från chatboten. Försök igen senare.")).toBeVisible();
    await expect(conversation(page)).toContainText("Jag kan tyvärr inte svara just nu.");
    await expect(conversation(page)).toContainText("08-123 456 70");
    await expect(dialog.getByLabel("Din fråga")).toBeEnabled();
  });

  test("the conversation starts afresh after the dialog is closed", async ({ page }) => {
    const dialog = await openChat(page);
    await dialog.getByRole("button", { name: "Felkod i displayen" }).click();
    await expect(messages(page)).toHaveCount(3);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(400); // SPEC §9: reset 300 ms after closing
    await page.getByRole("button", { name: /chatten med ServiceBot/i }).click();
    await expect(messages(page)).toHaveCount(1);
    await expect(page.getByRole("group", { name: "Vanliga frågor" }).getByRole("button")).toHaveCount(6);
  });

  test("a question outside heat pumps gets an honest answer", async ({ page }) => {
    const dialog = await openChat(page);
    await dialog.getByLabel("Din fråga").fill("Vad blir vädret i morgon?");
    await dialog.getByLabel("Din fråga").press("Enter");
    await expect(conversation(page)).toContainText("Det kan jag tyvärr inte svara på.");
  });
});
