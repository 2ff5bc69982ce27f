import { createRequire } from "node:module";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { buildApp } from "../../app";
import { DEFAULT_SYSTEM_SETTINGS } from "@/common/schemas/settings";
import type { Database } from "../../db/client";
import { NOW, phonePhotoDataUrl, signatureDataUrl } from "../../test-support/booking-fixtures";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Installation protocols' API (issue 10; rules §4, §5, §7; rules D10, D20, D21), attacked as a
// technician in a hurry, a customer with a link and a stranger guessing would.

const NOT_FOUND = { message: "Protokoll hittades inte" };

let database: Database;
let app: FastifyInstance;
let admin: string;
let tekla: string;
let oskar: string;
let signature: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings read afresh on every use: a read inside a transaction would hang the embedded database.
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
  await createUser(database, { username: "oskar", password: "Oskar1234", role: "technician", name: "Oskar Ombud" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  tekla = await loginAs(app, "tekla", "Tekla1234");
  oskar = await loginAs(app, "oskar", "Oskar1234");
  signature = await signatureDataUrl();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const send = (method: "POST" | "PATCH" | "DELETE", url: string, payload: unknown, cookie?: string) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });

let counter = 0;
function protocolBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    installationDate: "2026-11-20",
    customerName: "Åsa Öberg",
    customerEmail: `asa${counter}@exempel.se`,
    customerPhone: "070-123 45 67",
    installationAddress: "Björkvägen 3, 741 30 Knivsta",
    installedBrand: "Nibe",
    installedModel: "F2120-12",
    installedPower: "12 kW",
    refrigerantType: "R410A",
    refrigerantAmount: 2.4,
    technicianNotes: "Hunden heter Kärran.",
    installedItems: { heatPump: true, pipes: true },
    ...overrides,
  };
}

async function created(overrides: Record<string, unknown> = {}, cookie = tekla) {
  const res = await send("POST", "/api/technician/protocols", protocolBody(overrides), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; publicId: string; status: string };
}

const outbox = (to: string) =>
  queryRows<{ subject: string; text: string; attachments: Record<string, unknown>[] }>(
    database,
    sql`select subject, text, attachments from email_outbox where "to" = ${to} order by id`,
  );

/** The text of a PDF, read back with pdf.js. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

describe("saving a protocol", () => {
  it("saves a draft with the company's details, the CO2-equivalent and the leak-check flag", async () => {
    const { id, publicId, status } = await created();
    expect(status).toBe("draft");
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await get(`/api/technician/protocols/${id}`, tekla);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "draft",
      technicianName: "Tekla Tekniker",
      companyName: "Värmepumpsservice i Sverige AB",
      companyOrgNumber: "559123-4567",
      refrigerantAmount: 2.4,
      co2eTonnes: 5.01,
      leakChecksRequired: true,
      checklists: { installedItems: { heatPump: true, pipes: true } },
      signingUrl: `http://app.test/protocol/${publicId}`,
    });
  });

  it.each([
    [{ customerName: "  " }, "Kundens namn krävs"],
    [{ customerEmail: "" }, "E-postadress krävs"],
    [{ customerEmail: "inte-en-adress" }, "Ogiltig e-postadress"],
    [{ installationDate: "2026-02-30" }, "Installationsdatum krävs"],
    [{ refrigerantAmount: -1 }, "Ange köldmediemängden i kg, till exempel 1,2"],
    [{ technicianSignature: "data:text/html;base64,PHNjcmlwdD4=" }, "Signaturen kunde inte läsas. Rita den igen."],
  ])("refuses %j with a Swedish 400 (rules §5)", async (overrides, message) => {
    const res = await send("POST", "/api/technician/protocols", protocolBody(overrides), tekla);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it("cannot finish without the technician's signature; a dot is not a signature", async () => {
    const unsigned = await send("POST", "/api/technician/protocols", protocolBody({ action: "finish" }), tekla);
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.json()).toEqual({ message: "Teknikern måste signera protokollet innan det kan slutföras." });
    const dot = await send(
      "POST",
      "/api/technician/protocols",
      protocolBody({ action: "finish", technicianSignature: await signatureDataUrl("M250 100 L 252 101") }),
      tekla,
    );
    expect(dot.statusCode).toBe(422);
    expect(dot.json()).toEqual({ message: "Signaturen är för liten. Skriv ditt namn i rutan." });
    const jpeg = await send("POST", "/api/technician/protocols", protocolBody({ action: "finish", technicianSignature: await phonePhotoDataUrl() }), tekla);
    expect(jpeg.statusCode).toBe(422);
    expect((await queryRows(database, sql`select id from installation_protocols where customer_email like 'asa%' and status <> 'draft'`)).length).toBe(0);
  });

  it("finishes with the technician's signature (waiting for the customer) and keeps photos without their metadata", async () => {
    const photo = await phonePhotoDataUrl(400, 300);
    const { id, status } = await created({ action: "finish", technicianSignature: signature, protocolImages: { serialNumbers: [photo] } });
    expect(status).toBe("technician-signed");
    const protocol = (await get(`/api/technician/protocols/${id}`, tekla)).json();
    expect(protocol.technicianSignedAt).not.toBeNull();
    expect(protocol.technicianSignature).toMatch(/^data:image\/png;base64,/);
    const stored = Buffer.from(protocol.protocolImages.serialNumbers[0].split(",")[1], "base64");
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(protocol.protocolImages.condenseDrainPipe).toEqual([]);
  });

  it("a technician sees and changes only their own protocols; an admin all of them", async () => {
    const { id } = await created();
    expect((await get(`/api/technician/protocols/${id}`, oskar)).json()).toEqual(NOT_FOUND);
    expect((await send("PATCH", `/api/technician/protocols/${id}`, protocolBody(), oskar)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/technician/protocols/${id}`, undefined, oskar)).statusCode).toBe(404);
    expect((await get(`/api/technician/protocols/${id}`, admin)).statusCode).toBe(200);
    const mine = (await get("/api/technician/protocols?search=%C3%85sa", oskar)).json() as { id: number }[];
    expect(mine.map((p) => p.id)).not.toContain(id);
    const all = (await get("/api/admin/protocols?search=F2120&status=draft", admin)).json() as { id: number; status: string }[];
    expect(all.map((p) => p.id)).toContain(id);
    expect(all.every((p) => p.status === "draft")).toBe(true);
  });

  it("a save retried with the same device key (a lost connection, a double tap) creates one protocol", async () => {
    const body = protocolBody({ clientKey: "enhet-3f9a1c2b7d4e5f60" });
    const answers = await Promise.all([1, 2, 3].map(() => send("POST", "/api/technician/protocols", body, tekla)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const later = await send("POST", "/api/technician/protocols", body, tekla);
    expect(later.json().id).toBe(answers[0].json().id);
    const [{ n }] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from installation_protocols where client_key = 'enhet-3f9a1c2b7d4e5f60'`,
    );
    expect(n).toBe(1);
    // Another technician's device cannot reach it by the key.
    expect((await send("POST", "/api/technician/protocols", body, oskar)).statusCode).toBe(409);
  });

  it("deletes a protocol; afterwards it is not found", async () => {
    const { id, publicId } = await created();
    expect((await send("DELETE", `/api/technician/protocols/${id}`, undefined, tekla)).json()).toEqual({ ok: true });
    expect((await get(`/api/technician/protocols/${id}`, tekla)).json()).toEqual(NOT_FOUND);
    expect((await get(`/api/protocols/${publicId}`)).json()).toEqual(NOT_FOUND);
  });
});

describe("sending for signing", () => {
  it("e-mails the customer the link while the protocol waits for them, and again on request", async () => {
    const draft = await created();
    const early = await send("POST", `/api/technician/protocols/${draft.id}/send-for-signing`, {}, tekla);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: "Protokollet väntar inte på kundens signatur." });

    const body = protocolBody({ action: "finish", technicianSignature: signature });
    const res = await send("POST", "/api/technician/protocols", body, tekla);
    const { id, publicId } = res.json();
    expect((await send("POST", `/api/technician/protocols/${id}/send-for-signing`, {}, tekla)).json()).toEqual({ message: "E-post skickad till kund!" });
    expect((await send("POST", `/api/technician/protocols/${id}/send-email`, undefined, tekla)).statusCode).toBe(200);
    const mails = await outbox(body.customerEmail as string);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe(`Installationsprotokoll nr ${id} att signera`);
    expect(mails[0].text).toContain(`http://app.test/protocol/${publicId}`);
  });
});

describe("the customer's link", () => {
  async function waiting() {
    const body = protocolBody({ action: "finish", technicianSignature: signature });
    const res = await send("POST", "/api/technician/protocols", body, tekla);
    return { ...(res.json() as { id: number; publicId: string }), email: body.customerEmail as string };
  }
  const sign = (publicId: string, payload: unknown = { customerSignature: signature, customerComments: "Snyggt och prydligt!" }) =>
    send("POST", `/api/protocols/${publicId}/customer-sign`, payload);

  it("shows the protocol without the technician's notes; a number, a guess or an altered id is not found", async () => {
    const { id, publicId } = await waiting();
    const res = await get(`/api/protocols/${publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, customerName: "Åsa Öberg", status: "technician-signed", customerSignature: null });
    expect(res.json()).not.toHaveProperty("technicianNotes");
    expect(res.body).not.toContain("Kärran");
    const altered = publicId.slice(0, -1) + (publicId.endsWith("A") ? "B" : "A");
    for (const guess of [String(id), altered, "A".repeat(22), "../../etc/passwd"]) {
      const answer = await get(`/api/protocols/${encodeURIComponent(guess)}`);
      expect(answer.statusCode, guess).toBe(404);
      expect(answer.json()).toEqual(NOT_FOUND);
    }
  });

  it("cannot be signed before the technician has signed", async () => {
    const { publicId } = await created();
    const res = await sign(publicId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Protokollet kan signeras när teknikern har signerat det." });
  });

  it("needs a real signature (rules §5)", async () => {
    const { publicId } = await waiting();
    const empty = await sign(publicId, { customerSignature: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Vänligen signera protokollet innan du fortsätter." });
    expect((await sign(publicId, { customerSignature: await signatureDataUrl("M10 10 L 11 11") })).statusCode).toBe(422);
  });

  it("signs once: fully signed, the PDF e-mailed to the customer, and the protocol closed to changes", async () => {
    const { id, publicId, email } = await waiting();
    const res = await sign(publicId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "fully-signed", customerComments: "Snyggt och prydligt!" });
    expect(res.json().customerSignedAt).not.toBeNull();

    const again = await sign(publicId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "Protokollet är redan signerat." });
    const edit = await send("PATCH", `/api/technician/protocols/${id}`, protocolBody(), tekla);
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: "Protokollet är signerat av kunden och kan inte längre ändras." });

    const [mail] = (await outbox(email)).filter((m) => m.subject.startsWith("Signerat"));
    expect(mail.subject).toBe(`Signerat installationsprotokoll nr ${id}`);
    // The PDF is made when the e-mail is sent (protocol-pdf.test.ts receives it over SMTP).
    expect(mail.attachments).toEqual([
      { filename: `installationsprotokoll-${id}.pdf`, contentType: "application/pdf", generate: { kind: "protocol-pdf", protocolId: id } },
    ]);
    const pdf = await get(`/api/protocols/${publicId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      "Installationsprotokoll",
      "Åsa Öberg",
      "F2120-12",
      "Nibe",
      "Björkvägen",
      "5,010 ton CO2e",
      "Periodisk läckagekontroll krävs",
      "Värmepumpsservice i Sverige AB",
      "Snyggt och prydligt!",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("two simultaneous signatures give exactly one", async () => {
    const { publicId, email } = await waiting();
    const other = await signatureDataUrl("M20 20 C 100 180, 300 10, 480 170");
    const answers = await Promise.all([
      sign(publicId),
      sign(publicId, { customerSignature: other }),
      sign(publicId),
      sign(publicId, { customerSignature: other }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await outbox(email)).filter((m) => m.subject.startsWith("Signerat"))).toHaveLength(1);
  });

  it("serves the PDF to the link holder and to staff, never to a stranger", async () => {
    const { id, publicId } = await waiting();
    const customer = await get(`/api/protocols/${publicId}/pdf`);
    expect(customer.statusCode).toBe(200);
    expect(customer.headers["content-type"]).toBe("application/pdf");
    expect(customer.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get(`/api/technician/protocols/${id}/pdf`, tekla)).statusCode).toBe(200);
    expect((await get(`/api/technician/protocols/${id}/pdf`)).statusCode).toBe(401);
    expect((await get(`/api/technician/protocols/${id}/pdf`, oskar)).statusCode).toBe(404);
  });
});

describe("the company's details", () => {
  it("come from the settings: a new protocol and the form's defaults follow a changed company name", async () => {
    const saved = await app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: { cookie: admin, ...SAME_ORIGIN },
      payload: { ...DEFAULT_SYSTEM_SETTINGS, companyName: "Norrlands Värmepump AB", companyPhone: "060-12 34 56" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await get("/api/technician/protocols/company-defaults", tekla)).json()).toEqual({
        companyName: "Norrlands Värmepump AB",
        companyOrgNumber: "559123-4567",
        companyPhone: "060-12 34 56",
      });
      const { id } = await created();
      expect((await get(`/api/technician/protocols/${id}`, tekla)).json()).toMatchObject({
        companyName: "Norrlands Värmepump AB",
        companyPhone: "060-12 34 56",
      });
      // What the technician typed wins.
      const typed = await created({ companyName: "Underleverantören AB", companyOrgNumber: "556000-0000", companyPhone: "08-1" });
      expect((await get(`/api/technician/protocols/${typed.id}`, tekla)).json()).toMatchObject({ companyName: "Underleverantören AB" });
    } finally {
      await app.inject({ method: "PUT", url: "/api/admin/settings", headers: { cookie: admin, ...SAME_ORIGIN }, payload: DEFAULT_SYSTEM_SETTINGS });
    }
  });
});
