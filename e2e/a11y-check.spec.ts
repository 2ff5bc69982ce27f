import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// The accessibility check every journey relies on (fixtures.ts) is itself attacked here: a check that
// can no longer find anything would pass every journey. A real page of the app is given violations of
// each serious or critical kind the app could make (a control without a name, an image without a text,
// a field without a label, grey text on white, a list holding something else, a frame without a title
// and a nameless button inside that frame); the check must fail and name each one. A moderate finding
// alone (content outside a landmark) must not fail it.

const SERIOUS_KINDS = ["button-name", "color-contrast", "frame-title", "image-alt", "label", "list"];

test("the accessibility check fails on each kind of serious violation, inside a frame too, and names it @one-viewport", async ({ page }) => {
  await page.goto("/policies/cookies");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "beforeend",
      `<div id="a11y-attack">
        <img src="/favicon.ico" width="16" height="16">
        <button></button>
        <p style="color:#ccc;background:#fff">Grå text på vitt</p>
        <input type="text">
        <ul><div>Ingen listpunkt</div></ul>
        <iframe srcdoc="<main><button></button></main>"></iframe>
      </div>`,
    );
  });
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure, "the check passed a page with serious violations").not.toBeNull();
  for (const kind of SERIOUS_KINDS) expect(failure).toContain(kind);
  // The nameless button inside the frame counts too: two elements in all.
  expect(failure).toMatch(/button-name \(critical\): 2 element/);

  // Only a moderate finding (a paragraph outside every landmark): printed, not failed.
  await page.evaluate(() => {
    document.getElementById("a11y-attack")!.remove();
    document.body.insertAdjacentHTML("beforeend", "<p>Utanför alla landmärken</p>");
  });
  await expectNoSeriousA11yViolations(page);
});
