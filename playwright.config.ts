import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, type ReporterDescription } from "@playwright/test";

// Browser journeys against the BUILT app (`npm run build` first): e2e/start-server.mjs starts
// dist/server/main.js on its own port with a fresh embedded database and the demo data.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);
// The SMTP test server of e2e/start-server.mjs writes every e-mail here; the tests read it
// (fixtures.ts waitForEmail). Set in this process too, so the test workers know it.
const mailDir = (process.env.E2E_MAIL_DIR ??= join(tmpdir(), `vps-e2e-${port}-mail`));

// Debian's Chromium; Playwright never downloads a browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
// Its headless shell (package chromium-headless-shell: the same Chromium build without the browser's
// UI and GPU process, which is what Playwright itself runs headless) when installed: measured on the
// 2-core machine, 24 journeys took 176 s instead of 260 s with the full browser's headless mode.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

// .ci/run sets PLAYWRIGHT_JSON_OUTPUT_NAME to collect pass/fail counts.
const reporter: ReporterDescription[] = [["list"]];
if (process.env.PLAYWRIGHT_JSON_OUTPUT_NAME) reporter.push(["json"]);

/** Specs whose journeys change settings every other journey depends on. */
const COMPANY_WIDE = /company-settings\.spec\.ts$/;
/**
 * Specs that change the company's capacity (rules D25: a bookable technician more or less changes
 * which times every other journey sees): run after everything else, one test at a time.
 */
const CAPACITY = /technician-(capacity|calendars)\.spec\.ts$/;
/** Specs that set phone widths themselves (360 and 390 px): run once, in the mobile project. */
const PHONE_ONLY = /layout-overlap\.spec\.ts$/;
/**
 * Tests that run once, in the mobile project (the product's primary viewport): a test is tagged
 * `@one-viewport` only when nothing it checks depends on the viewport: no layout or position, no axe
 * check whose result could differ by width, no phone- or desktop-only UI (the collapsed menu, sheets,
 * cards instead of a table, touch instead of a mouse). What such a test checks (e-mails, downloaded
 * files, API answers, response headers, text reached the same way on both sizes) would only repeat
 * itself at the desktop width. When in doubt, a test stays untagged and runs in both projects.
 */
const ONE_VIEWPORT = /@one-viewport/;
/**
 * The phone: 390 × 844 CSS pixels, touch. Drawn at one device pixel per CSS pixel: a 2× screen costs
 * four times the pixels to raster (measured: 22 phone journeys took 22 % less CPU at 1× than at 2×),
 * and the layout, the touch handling and axe see the same page at either ratio. The one part of the
 * app that reads the ratio, the signature pad's canvas, is tested at 2× in protocols.spec.ts.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: ci,
  retries: 0,
  // The machines have two cores; the server shares them.
  workers: 2,
  // Generous: the two cores are shared by the server, two browsers and axe.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL,
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    // A failed journey keeps its trace: every action with its arguments, timing and error, the
    // network and the console, and the failure's own screenshot. Without the trace's screencast:
    // Chromium encoding a film of every journey, nearly always thrown away, was a third of the
    // browsers' CPU (measured on 20 journeys: 93 → 45 s of Chromium CPU, 102 → 73 s wall). And without
    // its DOM snapshots (the page before and after every action): measured on 28 journeys, taking them
    // cost 110–129 s of the machine's CPU against 89–98 s without (64–73 s wall against 53–58 s), for
    // traces that are thrown away unless a journey fails. To see the DOM of a failure, run the journey
    // again with `npx playwright test <spec> --trace on`.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    screenshot: "only-on-failure",
    browserName: "chromium",
    launchOptions,
  },
  projects: [
    {
      name: "mobile",
      testIgnore: [COMPANY_WIDE, CAPACITY],
      use: PHONE,
    },
    {
      name: "desktop",
      testIgnore: [COMPANY_WIDE, PHONE_ONLY, CAPACITY],
      grepInvert: ONE_VIEWPORT,
      use: { viewport: { width: 1280, height: 800 } },
    },
    // Journeys that change company-wide settings (every page and e-mail shows them) run alone, after
    // the others, so no other journey sees a changed phone number or day limit halfway.
    {
      name: "company-wide",
      testMatch: COMPANY_WIDE,
      dependencies: ["mobile", "desktop"],
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: "capacity-mobile",
      testMatch: CAPACITY,
      dependencies: ["company-wide"],
      workers: 1,
      use: PHONE,
    },
    {
      name: "capacity-desktop",
      testMatch: CAPACITY,
      dependencies: ["capacity-mobile"],
      grepInvert: ONE_VIEWPORT,
      workers: 1,
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node e2e/start-server.mjs",
    url: `${baseURL}/api/public/config`,
    // Every journey books from 127.0.0.1: the per-address booking limit (10 an hour) would stop the
    // suite, so it is raised here; the limit itself is tested in src/server/modules/bookings/bookings.limits.test.ts.
    // PUBLIC_URL: the links in e-mails point at this server, so a test can open them as they are.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      BOOKINGS_PER_ADDRESS_PER_HOUR: "10000",
      // Likewise the customer links' actions from one address; tested in booking-links.limits.test.ts.
      LINK_ACTIONS_PER_ADDRESS_PER_HOUR: "10000",
      // A moved visit's e-mail goes at once, so a journey reads it without waiting for the outbox's
      // sweep; the held-back e-mail is tested in src/server/modules/booking-links/booking-links.moved-email.test.ts.
      MOVED_EMAIL_DELAY_SECONDS: "0",
      PUBLIC_URL: baseURL,
      E2E_MAIL_DIR: mailDir,
    },
    reuseExistingServer: !ci,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
