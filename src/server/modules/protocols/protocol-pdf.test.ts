import { createRequire } from "node:module";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import sharp, { type Sharp } from "sharp";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { enqueueEmail } from "../../jobs/outbox";
import { NOW, signatureDataUrl } from "../../test-support/booking-fixtures";
import { heavyHeic, onePixelHeic, squareHeic } from "../../test-support/fixtures/hostile-images";
import { TestSmtpServer, allDelivered, freePort } from "../../test-support/smtp";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// The protocol's PDF with photos of every size and format a protocol accepts (issue 22 point 9): a
// photo under 4 KB once made the PDF fail (its bytes were a slice of Node's shared buffer pool, and
// pdf-lib read the whole pool), so the customer could never sign. And the signature no longer waits
// for the PDF: the signed copy's PDF is made when its e-mail is sent, and made again if that fails.
// A real SMTP server receives the copies.

let database: Database;
let app: FastifyInstance;
let smtp: TestSmtpServer;
let tekla: string;
let signature: string;

beforeAll(async () => {
  const port = await freePort();
  smtp = new TestSmtpServer(port);
  await smtp.start();
  database = await createTestDatabase();
  app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true }), { database, now: () => NOW, settingsCacheMs: 0 });
  await app.ready();
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
  tekla = await loginAs(app, "tekla", "Tekla1234");
  signature = await signatureDataUrl();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.stop();
});

const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: "POST", url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

// --- Photos ----------------------------------------------------------------------------------------

type Format = "jpeg" | "png" | "gif" | "webp" | "heic";
const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString("base64")}`;

/** Pixels of a photo-like picture: a gradient with noise, so it does not compress to nothing. */
function noisy(width: number, height: number): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  let seed = width * 31 + height;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let at = 0; at < raw.length; at += 3) {
    const x = (at / 3) % width;
    const y = Math.floor(at / 3 / width);
    const n = random() * 24;
    raw[at] = (x * 255) / width + n;
    raw[at + 1] = (y * 255) / height + n;
    raw[at + 2] = 128 + n;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A camera-sized picture that lossless formats keep small: a gradient and a circle. */
const drawn = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2a6f97"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#264653"/></svg>`,
    ),
  );

const encode = (image: Sharp, format: Exclude<Format, "heic">) =>
  ({ jpeg: () => image.jpeg({ quality: 85 }), png: () => image.png(), gif: () => image.gif(), webp: () => image.webp({ quality: 80 }) })[format]().toBuffer();

/**
 * One pixel, 64 × 64 and a real photo of a format, as data URLs of its own type. Real photos: 3000 ×
 * 2000 with noise for the lossy formats (under the 3 MB a protocol photo may be), 3000 × 2000 drawn
 * for PNG and GIF, and a real 39 MP HEIC.
 */
async function photosOf(format: Format): Promise<string[]> {
  if (format === "heic") return [onePixelHeic(), squareHeic(), heavyHeic()].map((bytes) => dataUrl(bytes, "image/heic"));
  const pixel = sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 200, g: 50, b: 50, alpha: 0.5 } } });
  const real = format === "jpeg" || format === "webp" ? noisy(3000, 2000) : drawn(3000, 2000);
  const files = [await encode(pixel, format), await encode(noisy(64, 64), format), await encode(real, format)];
  return files.map((bytes) => dataUrl(bytes, `image/${format}`));
}

/** How many images a PDF draws (image XObjects), read back with pdf-lib. */
async function imagesIn(pdf: Buffer): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  const image = PDFName.of("Image");
  return doc.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === image)
    .length;
}

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

let counter = 0;
/** A protocol the technician finished and signed, waiting for the customer. */
async function waitingProtocol(photos: string[] = []) {
  counter += 1;
  const body = {
    installationDate: "2026-11-20",
    customerName: "Åsa Öberg",
    customerEmail: `pdf${counter}@exempel.se`,
    installationAddress: "Björkvägen 3, 741 30 Knivsta",
    installedBrand: "Nibe",
    installedModel: "F2120-12",
    installedPower: "12 kW",
    action: "finish",
    technicianSignature: signature,
    protocolImages: { condenseDrainPipe: photos.slice(0, 1), serialNumbers: photos.slice(1, 2), completedInstallation: photos.slice(2) },
  };
  const res = await post("/api/technician/protocols", body, tekla);
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: number; publicId: string; status: string }), email: body.customerEmail };
}

const sign = (publicId: string) => post(`/api/protocols/${publicId}/customer-sign`, { customerSignature: signature, customerComments: "Fint jobbat." });
const recipient = (mail: ParsedMail) => (mail.to && "text" in mail.to ? mail.to.text : "");
const signedCopiesTo = (email: string) => smtp.messages.filter((m) => recipient(m) === email && m.subject?.startsWith("Signerat"));

describe("photos of every size and format in the protocol's PDF", () => {
  it.each<Format>(["jpeg", "png", "gif", "webp", "heic"])(
    "draws %s photos of 1 × 1, 64 × 64 and camera size; the customer signs and gets the PDF",
    async (format) => {
      const { id, publicId, status, email } = await waitingProtocol(await photosOf(format));
      expect(status).toBe("technician-signed");

      // Staff and the customer's link: three photos and the technician's signature.
      const staff = await get(`/api/technician/protocols/${id}/pdf`, tekla);
      expect(staff.statusCode, staff.body.slice(0, 200)).toBe(200);
      expect(await imagesIn(staff.rawPayload)).toBe(4);
      expect(await pdfText(staff.rawPayload)).not.toContain("kunde inte visas");
      const customer = await get(`/api/protocols/${publicId}/pdf`);
      expect(customer.statusCode).toBe(200);

      const signed = await sign(publicId);
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json()).toMatchObject({ status: "fully-signed" });
      await allDelivered(database, smtp);
      const [copy] = signedCopiesTo(email);
      expect(copy.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`installationsprotokoll-${id}.pdf`, "application/pdf"]]);
      // Both signatures now.
      expect(await imagesIn(copy.attachments[0].content)).toBe(5);
      expect(await pdfText(copy.attachments[0].content)).toContain("Fint jobbat.");
    },
  );
});

describe("the customer's signature does not depend on the PDF", () => {
  it("is saved when the PDF cannot be made, and the signed copy is sent with its PDF once it can", async () => {
    const { id, publicId, email } = await waitingProtocol();
    // A stored technician's signature the PDF library cannot draw (the PDF refuses to show a signed
    // copy without it): the PDF cannot be made.
    const [{ technician_signature: good }] = await queryRows<{ technician_signature: string }>(
      database,
      sql`select technician_signature from installation_protocols where id = ${id}`,
    );
    const broken = dataUrl(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("inte en riktig bild")]), "image/png");
    await database.db.execute(sql`update installation_protocols set technician_signature = ${broken} where id = ${id}`);
    expect((await get(`/api/technician/protocols/${id}/pdf`, tekla)).statusCode).toBe(500);

    const signed = await sign(publicId);
    expect(signed.statusCode, signed.body).toBe(200);
    const stored = (await get(`/api/protocols/${publicId}`)).json();
    expect(stored).toMatchObject({ status: "fully-signed", customerComments: "Fint jobbat." });
    expect(stored.customerSignature).toMatch(/^data:image\/png;base64,/);

    // The first try to send found no PDF: the message waits for its next try, nothing was sent.
    const copyRow = async () =>
      (
        await queryRows<{ id: number; status: string; attempts: number; last_error: string | null }>(
          database,
          sql`select id, status, attempts, last_error from email_outbox where "to" = ${email} and subject like 'Signerat%'`,
        )
      )[0];
    for (let tries = 0; (await copyRow()).attempts === 0; tries++) {
      if (tries > 200) throw new Error("the signed copy was never tried");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await copyRow()).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: expect.stringContaining(`bilagan installationsprotokoll-${id}.pdf kunde inte skapas`),
    });
    expect(signedCopiesTo(email)).toEqual([]);

    // Repaired; when its next try is due (brought forward here instead of waiting out the back-off), the sweep sends it.
    await database.db.execute(sql`update installation_protocols set technician_signature = ${good} where id = ${id}`);
    await database.db.execute(sql`update email_outbox set next_attempt_at = now() where id = ${(await copyRow()).id}`);
    await app.jobs["outbox-sweep"].run();
    await allDelivered(database, smtp);
    const copies = signedCopiesTo(email);
    expect(copies).toHaveLength(1);
    expect(await imagesIn(copies[0].attachments[0].content)).toBe(2);
  });

  it("gives up at once on a copy whose protocol was deleted before it could be sent", async () => {
    const outboxId = await enqueueEmail(
      database.db,
      {
        to: "borta@exempel.se",
        subject: "Signerat installationsprotokoll nr 999999",
        text: "x",
        attachments: [
          { filename: "installationsprotokoll-999999.pdf", contentType: "application/pdf", generate: { kind: "protocol-pdf", protocolId: 999_999 } },
        ],
      },
      { customerId: null },
    );
    await app.jobs["outbox-sweep"].run();
    const [row] = await queryRows<{ status: string; attempts: number; last_error: string }>(
      database,
      sql`select status, attempts, last_error from email_outbox where id = ${outboxId}`,
    );
    expect(row).toMatchObject({ status: "failed", attempts: 1, last_error: expect.stringContaining("finns inte längre") });
  });
});
