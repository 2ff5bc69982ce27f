import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Issue 7: the public pages are prerendered HTML (visible before any JavaScript runs), hydrated
// without mismatches, served like a well-run site (cache headers, Brotli, robots.txt, sitemap.xml),
// and a lazy chunk that is gone after a deploy costs one reload, never a loop.

const HERO = "Boka tid för din värmepump";

/** Console errors and CSP violations of a page, collected from before its first script runs. */
async function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return errors;
}

/**
 * Follows a link of the top navigation (opening the menu first on a phone-sized screen). The page
 * is prerendered HTML until it hydrates, and a tap on the menu button before that does nothing (a
 * CI run met it: the button took the focus, the menu stayed shut); a person taps again, and so does
 * this, until the menu is open. Once open the button is named 'Stäng meny', so it is never tapped shut.
 */
async function followNavLink(page: Page, name: string) {
  const toggle = page.getByRole("button", { name: "Öppna meny" });
  const link = page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name });
  if (await toggle.isVisible()) {
    await expect(async () => {
      if (await toggle.isVisible()) await toggle.click();
      await expect(link).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  await link.click();
}

test.describe("prerendered public pages", () => {
  test("'/' shows its hero, head tags and structured data with JavaScript disabled", { tag: "@one-viewport" }, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
      await expect(page.getByRole("link", { name: "Boka tid nu" })).toHaveAttribute("href", "/booking");
      await expect(page.getByRole("heading", { name: "Våra tjänster" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);

      await expect(page).toHaveTitle("Boka tid för din värmepump | Värmepumpsservice");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /värmepump/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Värmepumpsservice/);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "sv_SE");

      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(jsonLd).toMatchObject({
        "@context": "https://schema.org",
        "@type": "HVACBusiness",
        name: "Värmepumpsservice i Sverige AB",
        telephone: "+46812345670",
        email: "info@varmepumpsservice.se",
        address: { "@type": "PostalAddress", streetAddress: "Industrivägen 12", postalCode: "171 48", addressLocality: "Solna", addressCountry: "SE" },
        openingHoursSpecification: [{ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" }],
      });
    } finally {
      await context.close();
    }
  });

  test("each public page has its own title and description, even before JavaScript", { tag: "@one-viewport" }, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const pages = [
        ["/booking", "Boka service | Värmepumpsservice", "Boka service"],
        ["/policies/terms", "Allmänna villkor | Värmepumpsservice", "Allmänna villkor"],
        ["/policies/privacy", "Integritetspolicy | Värmepumpsservice", "Integritetspolicy"],
        ["/policies/cookies", "Cookiepolicy | Värmepumpsservice", "Cookiepolicy"],
      ];
      const descriptions = new Set<string>();
      for (const [path, title, heading] of pages) {
        await page.goto(path);
        await expect(page, path).toHaveTitle(title);
        await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
        const description = await page.locator('meta[name="description"]').getAttribute("content");
        expect(description, path).toBeTruthy();
        descriptions.add(description ?? "");
        await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
      }
      expect(descriptions.size).toBe(pages.length);
    } finally {
      await context.close();
    }
  });

  test("with JavaScript on, the hero's booking button goes to /booking and the pages hydrate without errors", { tag: "@one-viewport" }, async ({ page }) => {
    const errors = await watchErrors(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The first interaction hydrates the rest of the page (lib/deferred-hydration).
    await page.mouse.move(10, 10);
    await page.mouse.wheel(0, 400);
    await page.waitForLoadState("networkidle");
    await page.getByRole("main").getByRole("link", { name: "Boka tid nu" }).first().click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole("heading", { level: 2, name: "Tjänst & Beskrivning" })).toBeVisible();

    await page.goto("/booking");
    await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, 400);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  test("the footer's year and the page title follow client-side navigation", async ({ page }) => {
    const errors = await watchErrors(page);
    await page.goto("/policies/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Allmänna villkor" })).toBeVisible();
    await followNavLink(page, "För kunder");
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Boka tid för din värmepump | Värmepumpsservice");
    await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
    expect(errors).toEqual([]);
  });
});

/**
 * Installs, before the page's scripts, `window.__unstyled(selector)`: the classes used inside the
 * elements matching `selector` that `styledByPublicSheet` styles but the stylesheets loaded right now
 * do not. With `watchFor`, it runs the check the moment such an element first appears (before any
 * later stylesheet could arrive) and keeps the answer in `window.__unstyledAtFirstFrame`.
 */
async function installStyleCheck(page: Page) {
  await page.addInitScript(() => {
    const styledClasses = () => {
      const classes = new Set<string>();
      const visit = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) {
            for (const match of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) classes.add(match[1].replace(/\\(.)/g, "$1"));
          }
          if ("cssRules" in rule && (rule as CSSGroupingRule).cssRules) visit((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
      return classes;
    };
    const w = window as unknown as Record<string, unknown>;
    w.__styledClasses = () => [...styledClasses()];
    w.__unstyled = (selector: string, publicClasses: string[]) => {
      const styled = styledClasses();
      const used = new Set<string>();
      for (const root of Array.from(document.querySelectorAll(selector))) {
        for (const element of [root, ...Array.from(root.querySelectorAll("*"))]) element.classList.forEach((name) => used.add(name));
      }
      return publicClasses.filter((name) => used.has(name) && !styled.has(name));
    };
    w.__watchFor = (selector: string, publicClasses: string[]) => {
      const check = () => {
        if (w.__unstyledAtFirstFrame || !document.querySelector(selector)) return;
        w.__unstyledAtFirstFrame = (w.__unstyled as (s: string, c: string[]) => string[])("main", publicClasses);
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    };
  });
}

test.describe("stylesheets", () => {
  test("'/' is styled by its own small sheet; a page reached from it is styled from its first frame", { tag: "@one-viewport" }, async ({ page }) => {
    await installStyleCheck(page);
    // Every class the public sheet styles, as the prerendered booking page links it.
    await page.goto("/booking");
    const publicClasses = await page.evaluate(() => (window as unknown as { __styledClasses: () => string[] }).__styledClasses());
    expect(publicClasses.length).toBeGreaterThan(300);
    // Hydrated, the page has the landing sheet first and the complete public sheet last (the landing
    // sheet's '.hidden' after it would win over rules such as 'pointer-coarse:inline').
    await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    const order = await page.evaluate(() => Array.from(document.styleSheets, (sheet) => new URL(sheet.href ?? "", location.href).pathname));
    expect(order).toHaveLength(2);
    expect(order[0]).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    expect(order[1]).toMatch(/^\/assets\/public-styles-[\w-]+\.css$/);

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: HERO })).toBeVisible();
    const sheets = await page.evaluate(() => Array.from(document.styleSheets, (sheet) => sheet.href));
    expect(sheets).toHaveLength(1);
    await page.mouse.move(10, 10);
    await page.mouse.wheel(0, 400);
    await page.waitForLoadState("networkidle");
    // Every part of the landing page, hydrated after the first interaction, is styled by the small sheet.
    const unstyledOnLanding = await page.evaluate(
      (classes) => (window as unknown as { __unstyled: (s: string, c: string[]) => string[] }).__unstyled("body", classes),
      publicClasses,
    );
    expect(unstyledOnLanding).toEqual([]);

    await page.evaluate(
      (classes) => (window as unknown as { __watchFor: (s: string, c: string[]) => void }).__watchFor("main fieldset", classes),
      publicClasses,
    );
    await page.getByRole("main").getByRole("link", { name: "Boka tid nu" }).first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Tjänst & Beskrivning" })).toBeVisible();
    // Measured the moment the step's first fieldset appeared, which may be a moment after its heading
    // (CI: read before it was there, on a busy machine): waited for, and it must be empty.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __unstyledAtFirstFrame?: string[] }).__unstyledAtFirstFrame), {
        message: "classes unstyled when the booking step first appeared",
      })
      .toEqual([]);
  });
});

test.describe("served like a well-run site", () => {
  test("hashed assets are immutable and Brotli-compressed, HTML is revalidated", { tag: "@one-viewport" }, async ({ page, request }) => {
    await page.goto("/");
    const script = await page.locator('script[type="module"][src^="/assets/"]').getAttribute("src");
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);

    const asset = await request.get(script!, { headers: { "accept-encoding": "br, gzip" } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-encoding"]).toBe("br");
    expect(asset.headers()["content-type"]).toContain("javascript");

    const gzip = await request.get(script!, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");

    const html = await request.get("/", { headers: { "accept-encoding": "br" } });
    expect(html.status()).toBe(200);
    expect(html.headers()["cache-control"]).toBe("no-cache");
    expect(html.headers()["content-encoding"]).toBe("br");
    expect(await html.text()).toContain(HERO);
  });

  test("robots.txt and sitemap.xml answer with absolute URLs of the public pages", { tag: "@one-viewport" }, async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/^User-agent: \*$/m);
    expect(robotsText).toMatch(/^Disallow: \/admin$/m);
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robotsText)?.[1];
    expect(sitemapUrl).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(locs).toEqual(["/", "/booking", "/policies/terms", "/policies/privacy", "/policies/cookies"]);
  });
});

test.describe("after a deploy", () => {
  test("a lazy chunk that is gone once costs one reload, then the page works", async ({ page }) => {
    let failed = 0;
    await page.route(/\/assets\/booking-page-[\w-]+\.js$/, async (route) => {
      if (failed === 0) {
        failed += 1;
        await route.fulfill({ status: 404, contentType: "application/json", body: '{"message":"Resursen hittades inte."}' });
      } else {
        await route.continue();
      }
    });
    let loads = 0;
    page.on("load", () => (loads += 1));

    await page.goto("/policies/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Allmänna villkor" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // A client-side navigation asks for the booking page's chunk: it is missing, the page reloads once.
    await followNavLink(page, "Boka service");
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeEnabled();
    await page.getByRole("radio", { name: "Service", exact: true }).check();
    await expect(page.getByRole("radio", { name: "Service", exact: true })).toBeChecked();
    expect(failed).toBe(1);
    expect(loads).toBe(2); // the first page and exactly one reload
  });

  test("a chunk that stays missing shows the error page instead of reloading again and again", async ({ page }) => {
    let requests = 0;
    await page.route(/\/assets\/booking-page-[\w-]+\.js$/, (route) => {
      requests += 1;
      return route.fulfill({ status: 404, contentType: "application/json", body: '{"message":"Resursen hittades inte."}' });
    });
    let loads = 0;
    page.on("load", () => (loads += 1));

    await page.goto("/policies/terms");
    await page.waitForLoadState("networkidle");
    await followNavLink(page, "Boka service");
    await expect(page.getByRole("heading", { name: "Något gick fel" })).toBeVisible();
    // What is proven here is that something does NOT happen (a second reload), which can only be
    // watched for a while: one second, several times what the reload took when it looped.
    await page.waitForTimeout(1000);
    expect(loads).toBe(2);
    // No loop: one reload, and each of the two page loads asks for the chunk at most twice (a
    // prefetch on touch or the route's preload, then the render's own try once that has failed).
    expect(requests).toBeLessThanOrEqual(4);
    await expect(page.getByRole("button", { name: "Ladda om sidan" })).toBeVisible();
  });
});
