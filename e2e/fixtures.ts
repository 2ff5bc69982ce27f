import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export type Role = "admin" | "technician";
export type SessionUser = { id: number; name: string; username: string; role: Role };
type DemoAccount = { role: Role; username: string; password: string; name: string };

// The demo accounts of DECISIONS 19 (the server seeds them with SEED_DEMO=1). GET /api/public/config
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
  let builder = new AxeBuilder({ page });
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
  expect(serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} element(s)`), `axe violations on ${page.url()}`).toEqual([]);
}
