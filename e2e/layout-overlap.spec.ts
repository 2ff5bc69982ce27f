import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { demoAccount, expect, expectNoSeriousA11yViolations, test, type Role } from "./fixtures";

// Issue 23 point 3: on a phone the technician's tabs ran into each other. This journey opens every
// screen of the client router, as the role that uses it, at 360 and 390 px wide, and fails when two
// interactive elements overlap, when the page scrolls sideways, or when anything sticks out to the
// right. It runs in the mobile project only (playwright.config.ts leaves it out of the desktop one):
// the widths are set here, so a second run would check the same thing again.
//
// The list of screens is checked against the router's own patterns (the build's .vite/routes.json,
// written from src/client/app/router.tsx), so a new screen that is not added here fails the journey.

const WIDTHS = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
] as const;

type Audience = "public" | Role;

/** The ids a screen with parameters needs: real ones, from the demo data. */
type Ids = {
  bookingLinkPath: string;
  customerProtocolPath: string;
  adminBookingId: number;
  visitId: number;
  draftProtocolId: number;
  signedProtocolId: number;
  draftInvoiceId: number;
  sentInvoiceId: number;
  customerInvoicePath: string;
  agreementId: number;
  customerAgreementPath: string;
};

type Screen = {
  /** What the failure message calls the screen. */
  name: string;
  /** The router pattern the screen belongs to. */
  pattern: string;
  audience: Audience;
  path: (ids: Ids) => string;
  /** Brings the page into the state to measure (a wizard step, an open dialog) after it has settled. */
  open?: (page: Page) => Promise<void>;
  /** Also run axe: the screens whose layout issue 23 changed stay free of serious violations. */
  axe?: true;
};

const fixed = (path: string) => () => path;

// --- The screens ---------------------------------------------------------------------------------

const nextButton = (page: Page) => page.getByRole("button", { name: "Nästa", exact: true });

/** The wizard from its first step: a draft left by an earlier screen would open it further on. */
async function startBooking(page: Page) {
  await page.evaluate(() => localStorage.removeItem("booking_draft"));
  await page.goto("/booking");
  await expect(page.getByRole("heading", { level: 2, name: "Tjänst & Beskrivning" })).toBeVisible({ timeout: 20_000 });
}

async function toScheduleStep(page: Page) {
  await startBooking(page);
  await page.getByRole("radio", { name: "Service", exact: true }).check();
  await page.getByLabel("Värmepumpsmodell").fill("Nibe F2120");
  await page.getByLabel("Beskrivning", { exact: true }).fill("Årlig service av luftvärmepumpen.");
  await nextButton(page).click();
  await expect(page.getByRole("heading", { level: 2, name: "Välj tid" })).toBeVisible();
  // The first free date is chosen by itself; its times are then shown.
  await expect(page.getByText(/^Valt datum:/)).toBeVisible();
  const times = page.getByRole("group", { name: "Välj starttid" });
  await expect(times.getByText("Kontrollerar tillgängliga tider...")).toHaveCount(0);
  await expect(times.getByRole("radio").first()).toBeVisible();
}

async function toDetailsStep(page: Page) {
  await toScheduleStep(page);
  await page.getByRole("group", { name: "Välj starttid" }).getByRole("radio").first().check();
  await nextButton(page).click();
  await expect(page.getByRole("heading", { level: 2, name: "Dina uppgifter" })).toBeVisible();
}

/** Clicks the button that opens a dialog and waits for the dialog. */
const openDialog = (button: string) => async (page: Page) => {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
};

const SCREENS: Screen[] = [
  { name: "startsidan", pattern: "/", audience: "public", path: fixed("/") },
  { name: "startsidan med chatten öppen", pattern: "/", audience: "public", path: fixed("/"), open: openDialog("Öppna chatten med ServiceBot") },
  { name: "bokning steg 1", pattern: "/booking", audience: "public", path: fixed("/booking"), open: startBooking },
  { name: "bokning steg 2 (välj tid)", pattern: "/booking", audience: "public", path: fixed("/booking"), open: toScheduleStep },
  { name: "bokning steg 3 (dina uppgifter)", pattern: "/booking", audience: "public", path: fixed("/booking"), open: toDetailsStep },
  { name: "kundens bokningslänk", pattern: "/booking/shared/:token", audience: "public", path: (ids) => ids.bookingLinkPath, axe: true },
  {
    name: "kundens bokningslänk: flytta besöket",
    pattern: "/booking/shared/:token",
    audience: "public",
    path: (ids) => ids.bookingLinkPath,
    open: openDialog("Flytta besöket"),
  },
  { name: "inloggning", pattern: "/login", audience: "public", path: fixed("/login") },
  { name: "admininloggning", pattern: "/admin/login", audience: "public", path: fixed("/admin/login") },
  { name: "allmänna villkor", pattern: "/policies/terms", audience: "public", path: fixed("/policies/terms") },
  { name: "integritetspolicy", pattern: "/policies/privacy", audience: "public", path: fixed("/policies/privacy") },
  { name: "cookies", pattern: "/policies/cookies", audience: "public", path: fixed("/policies/cookies") },
  { name: "kundens protokoll", pattern: "/protocol/:id", audience: "public", path: (ids) => ids.customerProtocolPath, axe: true },
  { name: "kundens faktura", pattern: "/faktura/:token", audience: "public", path: (ids) => ids.customerInvoicePath, axe: true },
  { name: "kundens serviceavtal", pattern: "/avtal/:token", audience: "public", path: (ids) => ids.customerAgreementPath, axe: true },
  { name: "sidan hittades inte", pattern: "*", audience: "public", path: fixed("/finns-inte") },

  { name: "tekniker: dagens uppdrag", pattern: "/technician", audience: "technician", path: fixed("/technician"), axe: true },
  { name: "tekniker: kommande uppdrag", pattern: "/technician", audience: "technician", path: fixed("/technician?tab=upcoming"), axe: true },
  { name: "tekniker: protokoll", pattern: "/technician", audience: "technician", path: fixed("/technician?tab=protocols"), axe: true },
  { name: "tekniker: uppdrag", pattern: "/technician/booking/:id", audience: "technician", path: (ids) => `/technician/booking/${ids.visitId}` },
  { name: "tekniker: servicerapport", pattern: "/technician/service/:id", audience: "technician", path: (ids) => `/technician/service/${ids.visitId}` },
  { name: "tekniker: nytt protokoll", pattern: "/technician/protocols/new", audience: "technician", path: fixed("/technician/protocols/new") },
  {
    name: "tekniker: redigera protokoll",
    pattern: "/technician/protocols/:id/edit",
    audience: "technician",
    path: (ids) => `/technician/protocols/${ids.draftProtocolId}/edit`,
  },
  {
    name: "tekniker: redigera protokoll (gammal adress)",
    pattern: "/technician/protocols/edit/:id",
    audience: "technician",
    path: (ids) => `/technician/protocols/edit/${ids.draftProtocolId}`,
  },
  {
    name: "tekniker: visa protokoll",
    pattern: "/technician/protocols/:id",
    audience: "technician",
    path: (ids) => `/technician/protocols/${ids.signedProtocolId}`,
  },
  { name: "tekniker: byt lösenord", pattern: "/technician/security", audience: "technician", path: fixed("/technician/security") },

  { name: "admin: bokningar-fliken", pattern: "/admin", audience: "admin", path: fixed("/admin") },
  { name: "admin: kunder-fliken", pattern: "/admin/dashboard", audience: "admin", path: fixed("/admin/dashboard?tab=customers") },
  { name: "admin: planering-fliken", pattern: "/admin/dashboard", audience: "admin", path: fixed("/admin/dashboard?tab=planning") },
  { name: "admin: inställningar-fliken", pattern: "/admin/dashboard", audience: "admin", path: fixed("/admin/dashboard?tab=settings") },
  { name: "admin: blockerade tider", pattern: "/admin/blocked-times", audience: "admin", path: fixed("/admin/blocked-times") },
  { name: "admin: bokningar", pattern: "/admin/bookings", audience: "admin", path: fixed("/admin/bookings") },
  { name: "admin: ny bokning", pattern: "/admin/bookings/new", audience: "admin", path: fixed("/admin/bookings/new") },
  { name: "admin: bokning", pattern: "/admin/bookings/:id", audience: "admin", path: (ids) => `/admin/bookings/${ids.adminBookingId}` },
  {
    name: "admin: bokning, omplanera",
    pattern: "/admin/bookings/:id",
    audience: "admin",
    path: (ids) => `/admin/bookings/${ids.adminBookingId}`,
    open: openDialog("Omplanera"),
  },
  { name: "admin: protokoll", pattern: "/admin/protocols", audience: "admin", path: fixed("/admin/protocols"), axe: true },
  { name: "admin: inställningar", pattern: "/admin/settings", audience: "admin", path: fixed("/admin/settings") },
  { name: "admin: användare", pattern: "/admin/users", audience: "admin", path: fixed("/admin/users") },
  { name: "admin: integrationer", pattern: "/admin/integrations", audience: "admin", path: fixed("/admin/integrations") },
  { name: "admin: kunder", pattern: "/admin/customers", audience: "admin", path: fixed("/admin/customers") },
  { name: "admin: produkter", pattern: "/admin/products", audience: "admin", path: fixed("/admin/products") },
  { name: "admin: servicehistorik", pattern: "/admin/service-history", audience: "admin", path: fixed("/admin/service-history") },
  { name: "admin: servicepåminnelser", pattern: "/admin/service-reminders", audience: "admin", path: fixed("/admin/service-reminders") },
  { name: "admin: ruttoptimering", pattern: "/admin/route-optimization", audience: "admin", path: fixed("/admin/route-optimization") },
  { name: "admin: teknikerplanering", pattern: "/admin/technicians", audience: "admin", path: fixed("/admin/technicians") },
  { name: "admin: statistik", pattern: "/admin/statistics", audience: "admin", path: fixed("/admin/statistics"), axe: true },
  { name: "admin: byt lösenord", pattern: "/admin/security", audience: "admin", path: fixed("/admin/security") },
  { name: "admin: fakturor", pattern: "/admin/invoices", audience: "admin", path: fixed("/admin/invoices"), axe: true },
  { name: "admin: ny faktura", pattern: "/admin/invoices/new", audience: "admin", path: fixed("/admin/invoices/new"), axe: true },
  { name: "admin: faktura", pattern: "/admin/invoices/:id", audience: "admin", path: (ids) => `/admin/invoices/${ids.sentInvoiceId}`, axe: true },
  {
    name: "admin: faktura, registrera betalning",
    pattern: "/admin/invoices/:id",
    audience: "admin",
    path: (ids) => `/admin/invoices/${ids.sentInvoiceId}`,
    open: openDialog("Registrera betalning"),
  },
  { name: "admin: redigera faktura", pattern: "/admin/invoices/:id/edit", audience: "admin", path: (ids) => `/admin/invoices/${ids.draftInvoiceId}/edit` },
  { name: "admin: serviceavtal", pattern: "/admin/agreements", audience: "admin", path: fixed("/admin/agreements"), axe: true },
  { name: "admin: nytt serviceavtal", pattern: "/admin/agreements/new", audience: "admin", path: fixed("/admin/agreements/new"), axe: true },
  { name: "admin: ett serviceavtal", pattern: "/admin/agreements/:id", audience: "admin", path: (ids) => `/admin/agreements/${ids.agreementId}`, axe: true },
  { name: "admin: köldmedieregister", pattern: "/admin/refrigerant-register", audience: "admin", path: fixed("/admin/refrigerant-register"), axe: true },
];

// --- What is measured, in the page ---------------------------------------------------------------

type Box = { left: number; top: number; right: number; bottom: number };
type Finding = { kind: "overlap" | "sideways" | "sticks-out" | "nothing-measured"; message: string };

/**
 * Runs in the page (self-contained: Playwright sends its source). Finds pairs of visible interactive
 * elements whose boxes overlap by more than a pixel both ways, a page wider than the window, and
 * elements that reach past the window's right (or left) edge. Boxes are cut to what their scrolling
 * or clipping ancestors show: a wide table inside its own scroll box is fine, a page that scrolls
 * sideways is not. With a dialog open only the dialog is looked at (the page behind is inert).
 */
function measureLayout(): Finding[] {
  const TOLERANCE = 1;
  const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], summary, [tabindex]:not([tabindex="-1"])';
  const findings: Finding[] = [];
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;
  const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], dialog[open]')].find((d) => d.checkVisibility());
  const scope: ParentNode = dialog ?? document.body;

  const describe = (el: Element, box?: Box) => {
    const text = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
    const labelledBy = el.getAttribute("aria-labelledby");
    const name =
      text(el.getAttribute("aria-label")) ||
      text(
        labelledBy
          ? labelledBy
              .split(" ")
              .map((id) => document.getElementById(id)?.textContent)
              .join(" ")
          : "",
      ) ||
      text((el as HTMLElement).innerText) ||
      text(el.getAttribute("placeholder")) ||
      text(el.getAttribute("title")) ||
      text(el.getAttribute("name")) ||
      text(el.id);
    const role = el.getAttribute("role");
    const where = box ? ` at x ${Math.round(box.left)}–${Math.round(box.right)}, y ${Math.round(box.top)}–${Math.round(box.bottom)}` : "";
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ""}> "${name.slice(0, 50)}"${where}`;
  };

  /** Whether an element's own style hides it from the eye (the sr-only pattern). */
  const clippedAway = (style: CSSStyleDeclaration) => (style.clip !== "auto" && style.clip !== "") || /inset\(50%\)/.test(style.clipPath);

  /** The part of an element's box that its clipping ancestors let through, or null when none. */
  const visibleBox = (el: Element): Box | null => {
    const rect = el.getBoundingClientRect();
    let box: Box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    for (let parent = el.parentElement; parent && parent !== document.body && parent !== root; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (clippedAway(style)) return null;
      const clipsX = style.overflowX !== "visible";
      const clipsY = style.overflowY !== "visible";
      if (!clipsX && !clipsY) continue;
      const outer = parent.getBoundingClientRect();
      const left = outer.left + parent.clientLeft;
      const top = outer.top + parent.clientTop;
      if (clipsX) box = { ...box, left: Math.max(box.left, left), right: Math.min(box.right, left + parent.clientWidth) };
      if (clipsY) box = { ...box, top: Math.max(box.top, top), bottom: Math.min(box.bottom, top + parent.clientHeight) };
    }
    return box.right - box.left > TOLERANCE && box.bottom - box.top > TOLERANCE ? box : null;
  };

  const shown = (el: Element) =>
    el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true, opacityProperty: true, visibilityProperty: true } as CheckVisibilityOptions) &&
    !clippedAway(getComputedStyle(el)) &&
    !el.closest("[inert]");

  /**
   * The box a control covers on the screen: its own, and the text that spills out of it when the
   * control does not clip it (a label wider than its tab runs over the next tab, issue 23).
   */
  const coveredBox = (el: Element): Box | null => {
    const box = visibleBox(el);
    if (!box) return null;
    const style = getComputedStyle(el);
    if (style.overflowX !== "visible" || style.overflowY !== "visible") return box;
    const text = { ...box };
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement || !shown(node.parentElement)) continue;
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width <= TOLERANCE || r.height <= TOLERANCE) continue;
      text.left = Math.min(text.left, r.left);
      text.top = Math.min(text.top, r.top);
      text.right = Math.max(text.right, r.right);
      text.bottom = Math.max(text.bottom, r.bottom);
    }
    return text;
  };

  /**
   * Whether `other` is `field`'s adornment (the eye of a password field): it lies inside the text
   * field, within the padding the field keeps free for it, so it never covers what is typed.
   */
  const adornment = (field: Element, other: Box) => {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return false;
    const outer = field.getBoundingClientRect();
    const style = getComputedStyle(field);
    const textLeft = outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const textRight = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    const inside =
      other.left >= outer.left - TOLERANCE &&
      other.right <= outer.right + TOLERANCE &&
      other.top >= outer.top - TOLERANCE &&
      other.bottom <= outer.bottom + TOLERANCE;
    return inside && (other.left >= textRight - TOLERANCE || other.right <= textLeft + TOLERANCE);
  };

  // Overlapping controls.
  const controls = [...scope.querySelectorAll(INTERACTIVE)]
    .filter(shown)
    .map((el) => ({ el, box: coveredBox(el) }))
    .filter((c): c is { el: Element; box: Box } => c.box !== null);
  // Every screen has something to press: none found means the measuring went wrong, not the page.
  if (controls.length === 0) findings.push({ kind: "nothing-measured", message: "no visible interactive element found to measure" });
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const a = controls[i];
      const b = controls[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue; // a button inside a link is one control
      if (adornment(a.el, b.box) || adornment(b.el, a.box)) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across > TOLERANCE && down > TOLERANCE) {
        findings.push({
          kind: "overlap",
          message: `${describe(a.el, a.box)} overlaps ${describe(b.el, b.box)} by ${Math.round(across)}×${Math.round(down)} px`,
        });
      }
    }
  }

  // Sideways scrolling, and what causes it (or would, where something hides the overflow).
  if (root.scrollWidth > viewportWidth) {
    findings.push({ kind: "sideways", message: `the page scrolls sideways: ${root.scrollWidth} px wide in a ${viewportWidth} px window` });
  }
  const outside = (box: Box) => box.right > viewportWidth + TOLERANCE || box.left < -TOLERANCE;
  const offenders: Element[] = [];
  for (const el of scope.querySelectorAll("*")) {
    if (!shown(el)) continue;
    const box = visibleBox(el);
    if (!box || !outside(box)) continue;
    // Only the outermost element that sticks out: its children stick out because of it.
    if (offenders.some((o) => o.contains(el))) continue;
    offenders.push(el);
    findings.push({
      kind: "sticks-out",
      message: `${describe(el, box)} reaches past the ${box.right > viewportWidth ? "right" : "left"} edge of the ${viewportWidth} px window`,
    });
  }
  return findings;
}

// --- The journey ---------------------------------------------------------------------------------

/** Logs an API context in as a demo account (with our Origin: the CSRF check wants it). */
async function apiAs(playwright: PlaywrightWorkerArgs["playwright"], page: Page, baseURL: string, role: Role): Promise<APIRequestContext> {
  const account = await demoAccount(page, role);
  const api = await playwright.request.newContext({ baseURL });
  const response = await api.post("/api/auth/login", { data: { username: account.username, password: account.password, role }, headers: { origin: baseURL } });
  expect(response.status(), `login as ${role}: ${await response.text()}`).toBe(200);
  return api;
}

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

type ListItem = { id: number; date: string; status: string };
type InvoiceAnswer = { id: number; customerUrl: string };
type ProtocolItem = { id: number; status: string; installedBrand: string | null };

/**
 * A draft and a sent invoice for a completed demo visit (issue 25): the demo data has no invoices of
 * its own. Made afresh on each run; no other journey looks at invoices.
 */
async function demoInvoices(admin: APIRequestContext, baseURL: string) {
  const { items } = await json<{ items: ListItem[] }>(admin, "/api/admin/bookings?status=completed&pageSize=100");
  expect(items.length, "a completed demo visit").toBeGreaterThan(0);
  const prefill = await json<{ customerId: number; bookingId: number; workDate: string | null; lines: unknown[] }>(
    admin,
    `/api/admin/invoices/from-booking/${items[0].id}`,
  );
  const create = async () => {
    const data = { customerId: prefill.customerId, bookingId: prefill.bookingId, workDate: prefill.workDate, lines: prefill.lines, rot: null };
    const response = await admin.post("/api/admin/invoices", { data, headers: { origin: baseURL } });
    expect(response.status(), `a draft invoice: ${await response.text()}`).toBe(201);
    return (await response.json()) as InvoiceAnswer;
  };
  const draft = await create();
  const toSend = await create();
  const response = await admin.post(`/api/admin/invoices/${toSend.id}/send`, { headers: { origin: baseURL } });
  expect(response.status(), `a sent invoice: ${await response.text()}`).toBe(200);
  const sent = (await response.json()) as InvoiceAnswer;
  return { draftInvoiceId: draft.id, sentInvoiceId: sent.id, customerInvoicePath: new URL(sent.customerUrl).pathname, customerId: prefill.customerId };
}

/** A service agreement (issue 26) for a new pump of the demo customer, waiting for acceptance: its page and the customer's link. */
async function demoAgreement(admin: APIRequestContext, baseURL: string, customerId: number) {
  const pump = await admin.post("/api/products", {
    data: { customerId, type: "luftvärmepump", brand: "Nibe", model: "F2040", serialNumber: `LAYOUT-${Date.now()}-${Math.floor(Math.random() * 1e6)}` },
    headers: { origin: baseURL },
  });
  expect(pump.status(), `a product: ${await pump.text()}`).toBe(201);
  const { id: productId } = (await pump.json()) as { id: number };
  const startDate = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Stockholm" });
  const created = await admin.post("/api/admin/agreements", {
    data: { customerId, productId, startDate, yearlyPriceOre: 240_000, visitsPerYear: 2, visitMonth: 5, repairDiscountPercent: 10 },
    headers: { origin: baseURL },
  });
  expect(created.status(), `an agreement: ${await created.text()}`).toBe(201);
  const agreement = (await created.json()) as { id: number; customerUrl: string };
  return { agreementId: agreement.id, customerAgreementPath: new URL(agreement.customerUrl).pathname };
}

/**
 * Real ids from the demo data: a visit a few days ahead (the customer may still move it) with a
 * working customer link, the technician's next visit, and the two demo protocols.
 */
async function demoIds(playwright: PlaywrightWorkerArgs["playwright"], page: Page, baseURL: string): Promise<Ids> {
  const admin = await apiAs(playwright, page, baseURL, "admin");
  const technician = await apiAs(playwright, page, baseURL, "technician");
  try {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const { items } = await json<{ items: ListItem[] }>(admin, "/api/admin/bookings?pageSize=100");
    const ahead = items.filter((b) => b.date >= inThreeDays && (b.status === "confirmed" || b.status === "pending"));
    let bookingLinkPath: string | undefined;
    let adminBookingId: number | undefined;
    for (const booking of ahead) {
      const detail = await json<{ link: { url: string; isActive: boolean } | null }>(admin, `/api/admin/bookings/${booking.id}`);
      if (detail.link?.isActive) {
        bookingLinkPath = new URL(detail.link.url).pathname;
        adminBookingId = booking.id;
        break;
      }
    }
    expect(bookingLinkPath, "a demo booking ahead with an active customer link").toBeDefined();

    const visits = await json<ListItem[]>(technician, "/api/technician/bookings/upcoming");
    expect(visits.length, "the technician's upcoming visits").toBeGreaterThan(0);

    const protocols = await json<ProtocolItem[]>(technician, "/api/technician/protocols");
    // The demo's own protocols (a Panasonic draft, a signed Toshiba), which other journeys leave alone.
    const draft = protocols.find((p) => p.status === "draft" && p.installedBrand === "Panasonic") ?? protocols.find((p) => p.status === "draft");
    const signed = protocols.find((p) => p.status !== "draft" && p.installedBrand === "Toshiba") ?? protocols.find((p) => p.status !== "draft");
    expect(draft, "a draft protocol").toBeDefined();
    expect(signed, "a signed protocol").toBeDefined();
    const { publicId } = await json<{ publicId: string }>(technician, `/api/technician/protocols/${signed!.id}`);
    const { customerId, ...invoices } = await demoInvoices(admin, baseURL);
    const agreement = await demoAgreement(admin, baseURL, customerId);
    return {
      ...invoices,
      ...agreement,
      bookingLinkPath: bookingLinkPath!,
      customerProtocolPath: `/protocol/${publicId}`,
      adminBookingId: adminBookingId!,
      visitId: visits[0].id,
      draftProtocolId: draft!.id,
      signedProtocolId: signed!.id,
    };
  } finally {
    await admin.dispose();
    await technician.dispose();
  }
}

/**
 * Waits until the page has its data and has stopped moving: no request under way, a heading, no
 * spinner, the fonts in, and every transition that ends (the chat button sliding aside) ended.
 */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("h1").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".animate-spin")).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

const AUDIENCES: Audience[] = ["public", "technician", "admin"];

test.describe("layout on a phone", () => {
  test("the journey covers every screen of the client router", async () => {
    const dist = resolve(process.env.E2E_DIST ?? "dist");
    const manifest = JSON.parse(await readFile(join(dist, "client/.vite/routes.json"), "utf8")) as { patterns: string[] };
    const covered = new Set(SCREENS.map((screen) => screen.pattern));
    const missing = manifest.patterns.filter((pattern) => !covered.has(pattern));
    expect(missing, "router patterns without a screen in e2e/layout-overlap.spec.ts: add them to SCREENS").toEqual([]);
    const unknown = [...covered].filter((pattern) => pattern !== "*" && !manifest.patterns.includes(pattern));
    expect(unknown, "SCREENS name patterns the router no longer has").toEqual([]);
  });

  for (const size of WIDTHS) {
    for (const audience of AUDIENCES) {
      test(`${audience} screens at ${size.width} px: no overlapping controls, no sideways scrolling`, async ({ page, loginAs, playwright, baseURL }) => {
        // Admins have the most screens (over 40, most with axe); room for a busy two-core machine.
        test.setTimeout(420_000);
        await page.setViewportSize(size);
        const screens = SCREENS.filter((screen) => screen.audience === audience);
        const ids = await demoIds(playwright, page, baseURL!);
        if (audience !== "public") await loginAs(audience);

        const problems: string[] = [];
        for (const screen of screens) {
          const path = screen.path(ids);
          await test.step(`${screen.name} (${path})`, async () => {
            await page.goto(path);
            await settle(page);
            if (screen.open) {
              await screen.open(page);
              await settle(page);
            }
            const findings = await page.evaluate(measureLayout);
            for (const finding of findings) problems.push(`${screen.name} (${path}) at ${size.width} px: ${finding.message}`);
            if (screen.axe) await expectNoSeriousA11yViolations(page);
          });
        }
        expect(problems, `layout problems at ${size.width} px:\n${problems.join("\n")}`).toEqual([]);
      });
    }
  }
});
