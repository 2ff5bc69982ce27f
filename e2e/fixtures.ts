import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export type Role = "admin" | "technician";
export type SessionUser = { id: number; name: string; username: string; role: Role };
type DemoAccount = { role: Role; username: string; password: string; name: string };

// The demo accounts of rules D19 (the server seeds them with SEED_DEMO=1). GET /api/public/config
// is asked first so the journeys follow the server if the demo data changes.
const FALLBACK_ACCOUNTS: DemoAccount[] = [
  { role: "admin", username: "admin", password: "Admin1234", name: "Anna Lindqvist" },
  { role: "technician", username: "tekniker", password: "Tekniker1234", name: "Erik Johansson" },
];

export async function demoAccount(page: Page, role: Role): Promise<DemoAccount> {
  const response = await page.request.get("/api/public/config");
  if (response.ok()) {
    const config = (await response.json()) as { demoAccounts?: DemoAccount[] };
    const account = config.demoAccounts?.find((a) => a.role === role);
    if (account) return account;
  }
  const fallback = FALLBACK_ACCOUNTS.find((a) => a.role === role);
  if (!fallback) throw new Error(`No demo account for role ${role}`);
  return fallback;
}

type Fixtures = {
  /**
   * Logs in through the API with the page's own cookie jar (page.request shares the browser context's
   * cookies), so the next page.goto is already logged in. Sends our Origin: the server refuses
   * cookie-carrying POSTs from any other origin (CSRF check).
   */
  loginAs: (role: Role) => Promise<SessionUser>;
};

export const test = base.extend<Fixtures>({
  loginAs: async ({ page, baseURL }, use) => {
    await use(async (role) => {
      const account = await demoAccount(page, role);
      const response = await page.request.post("/api/auth/login", {
        data: { username: account.username, password: account.password, role },
        headers: { origin: baseURL ?? "" },
      });
      expect(response.status(), `login as ${role}: ${await response.text()}`).toBe(200);
      // What logging in through the form leaves in the browser: the hint that this browser has a
      // session worth asking the server about (src/client/lib/session.ts).
      await page.addInitScript(() => localStorage.setItem("vps.signed-in", "1"));
      return (await response.json()) as SessionUser;
    });
  },
});

export { expect };

const SERIOUS = new Set(["serious", "critical"]);

/**
 * Runs axe-core on the page as it is now and fails on any violation of impact serious or critical,
 * printing each one with the offending elements. Minor and moderate findings are printed only.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  // One axe.run in the page (legacy mode; frames are still injected and checked) instead of
  // AxeBuilder's default, which finishes every run in a new blank page of its own; and only the
  // violations' nodes collected, the only results read here. Measured on three screens: 1.2–3.9 s a
  // check before, 0.6–1.1 s after, with the same violations found (the same ids, impacts and
  // elements, an iframe's included, on a page seeded with seven kinds of violation); axe was half of
  // the browsers' CPU. a11y-check.spec.ts proves the check still fails on a serious violation.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const describe = (v: (typeof results.violations)[number]) =>
    [
      `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
      ...v.nodes.map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`),
    ].join("\n");
  const serious = results.violations.filter((v) => SERIOUS.has(v.impact ?? ""));
  const other = results.violations.filter((v) => !SERIOUS.has(v.impact ?? ""));
  if (other.length > 0) console.log(`axe (not failing) on ${page.url()}:\n${other.map(describe).join("\n")}`);
  if (serious.length > 0) console.log(`axe SERIOUS on ${page.url()}:\n${serious.map(describe).join("\n")}`);
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} element(s)`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

// --- E-mail ------------------------------------------------------------------------------------------

/** An e-mail the app sent, as the SMTP test server of e2e/start-server.mjs received and parsed it. */
export type ReceivedEmail = {
  /** Recipients, lower-cased. */
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string | null; contentType: string; content: string }[];
  receivedAt: string;
};

/** Where start-server.mjs writes the e-mails: E2E_MAIL_DIR (playwright.config.ts sets it), else derived from the port the same way. */
export function mailDir(): string {
  return process.env.E2E_MAIL_DIR ?? join(tmpdir(), `vps-e2e-${process.env.E2E_PORT ?? 3100}-mail`);
}

/**
 * The e-mails read so far, by file name: a message is written once under a temporary name and renamed
 * (start-server.mjs), so a file, once seen, never changes, and a wait reads only the new ones instead
 * of every e-mail of the run (with their PDFs) five times a second.
 */
const readEmails = new Map<string, Promise<ReceivedEmail>>();

async function receivedEmails(): Promise<ReceivedEmail[]> {
  const dir = mailDir();
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".json") && !name.startsWith(".")).sort();
  return Promise.all(
    names.map((name) => {
      const key = join(dir, name);
      let email = readEmails.get(key);
      if (!email) {
        email = readFile(key, "utf8").then((text) => JSON.parse(text) as ReceivedEmail);
        // A folder removed meanwhile (own-app.ts's servers clean up theirs): not kept as a failure.
        email.catch(() => readEmails.delete(key));
        readEmails.set(key, email);
      }
      return email;
    }),
  );
}

type EmailFilter = { subject?: string | RegExp; timeout?: number };

const matches = (mail: ReceivedEmail, to: string, subject: EmailFilter["subject"]) =>
  mail.to.includes(to.toLowerCase()) && (subject === undefined || (typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject)));

/**
 * Waits until an e-mail to `to` (and with `subject` in its subject line, when given) has arrived and
 * returns the first such e-mail. The app sends from its outbox right after the booking's commit.
 */
export async function waitForEmail(to: string, { subject, timeout = 20_000 }: EmailFilter = {}): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await receivedEmails()).find((mail) => matches(mail, to, subject));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await receivedEmails()).filter((mail) => mail.to.includes(to.toLowerCase())).map((mail) => mail.subject);
      throw new Error(
        `No e-mail to ${to}${subject ? ` with subject ${subject}` : ""} within ${timeout} ms in ${mailDir()}; to that address: ${JSON.stringify(seen)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
