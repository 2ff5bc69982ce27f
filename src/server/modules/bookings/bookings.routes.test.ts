import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { sqlState } from "../../db/errors";
import { createBookingsRepository } from "./bookings.repository";
import { FIRST_SERVICE_MONDAY, NOW, bookingPayload, phonePhotoDataUrl, pngDataUrl } from "../../test-support/booking-fixtures";
import { createTestDatabase, queryRows, testConfig } from "../../test-support/test-app";

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings read afresh on every use: a read inside a transaction would hang the embedded database.
  app = await buildApp(testConfig(), { database, now: () => NOW, settingsCacheMs: 0 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const book = (payload: unknown) => app.inject({ method: "POST", url: "/api/bookings", payload: payload as object });
const count = async (table: string) => Number((await queryRows<{ n: number }>(database, sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

describe("POST /api/bookings", () => {
  it("creates a confirmed booking with its customer and answers the fields the success screen needs", async () => {
    const res = await book(bookingPayload());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      serviceType: "service",
      date: FIRST_SERVICE_MONDAY,
      timeSlot: "08:00-10:00",
      heatpumpModel: "Toshiba Haori",
      description: "Årlig service, filtret behöver rengöras.",
      status: "confirmed", // rules D7: auto-confirm is on by default
      customer: {
        name: "Lars Andersson",
        email: "lars.andersson@exempel.se",
        phone: "070-123 45 67",
        address: "Storgatan 12",
        postalCode: "753 20",
        city: "Uppsala",
      },
    });
    expect(body.id).toBeTypeOf("number");
    expect(body.manageUrl).toMatch(/^http:\/\/app\.test\/booking\/shared\/[A-Za-z0-9_-]{43}$/);
    const [link] = await queryRows<{ token: string; is_active: boolean }>(
      database,
      sql`select token, is_active from shared_booking_links where booking_id = ${body.id}`,
    );
    expect(body.manageUrl.endsWith(link.token)).toBe(true);
  });

  it("reuses the customer with the same e-mail but never changes their record; each booking keeps its own contact copy", async () => {
    const first = (await queryRows<{ id: number }>(database, sql`select id from bookings order by id limit 1`))[0];
    // Someone who knows Lars's e-mail books with another name, phone and address.
    const res = await book(
      bookingPayload({
        timeSlot: "15:30-17:30",
        email: "LARS.andersson@exempel.se",
        name: "Mallory",
        phone: "070-999 99 99",
        address: "Falskgatan 1",
        city: "Bluffstad",
        postalCode: "999 99",
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().customer).toMatchObject({ name: "Mallory", phone: "070-999 99 99", address: "Falskgatan 1" });
    const customers = await queryRows(
      database,
      sql`select name, phone, address, city, postal_code from customers where lower(email) = 'lars.andersson@exempel.se'`,
    );
    expect(customers).toEqual([{ name: "Lars Andersson", phone: "070-123 45 67", address: "Storgatan 12", city: "Uppsala", postal_code: "753 20" }]);
    const [earlier, later] = await queryRows(
      database,
      sql`select customer_id, contact_name, contact_phone, address, city from bookings where id in (${first.id}, ${res.json().id}) order by id`,
    );
    expect(earlier).toMatchObject({ contact_name: "Lars Andersson", contact_phone: "070-123 45 67", address: "Storgatan 12", city: "Uppsala" });
    expect(later).toMatchObject({ contact_name: "Mallory", contact_phone: "070-999 99 99", address: "Falskgatan 1", city: "Bluffstad" });
    expect(later.customer_id).toBe(earlier.customer_id);
    // The earlier visit's calendar file still shows Lars's own address.
    const [link] = await queryRows<{ token: string }>(database, sql`select token from shared_booking_links where booking_id = ${first.id}`);
    const ics = await app.inject({ method: "GET", url: `/api/booking-links/${link.token}/calendar.ics` });
    expect(ics.body).toContain("Storgatan 12");
    expect(ics.body).not.toContain("Falskgatan");
  });

  it("answers 409 in Swedish when the slot is already booked", async () => {
    const res = await book(bookingPayload({ email: "annan@exempel.se" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/inte längre tillgänglig|bokas av någon annan/);
  });

  it.each([
    ["a Sunday", { date: "2026-12-13", timeSlot: "12:00-14:00" }, "Det går inte att boka på söndagar."],
    ["less than 14 days ahead", { date: "2026-12-05", timeSlot: "12:00-14:00" }, "Service kan bokas tidigast två veckor i förväg."],
    ["beyond 74 days", { date: "2027-02-06", timeSlot: "12:00-14:00" }, "Det går inte att boka mer än 74 dagar i förväg."],
    ["a slot not offered that weekday", { date: "2026-12-08", timeSlot: "08:00-10:00" }, "Tiden 08:00-10:00 går inte att boka det valda datumet."],
    [
      "installation on a Monday",
      { serviceType: "installation" as const, date: "2026-12-07", timeSlot: "08:00-10:00" },
      "Installation kan bara bokas tisdag–lördag.",
    ],
    [
      "hembesok less than 3 days ahead",
      { serviceType: "hembesok" as const, date: "2026-11-24", timeSlot: "10:00-10:30" },
      "Hembesök kan bokas tidigast 3 dagar i förväg.",
    ],
  ])("answers 422 for %s", async (_, overrides, message) => {
    const before = await count("customers");
    const res = await book(bookingPayload({ email: "regel@exempel.se", ...overrides }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message });
    expect(await count("customers")).toBe(before);
  });

  it("answers 400 with the field's Swedish message for invalid input", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: "   " }, "Beskrivning krävs"],
      [{ email: "inte-en-adress" }, "Ogiltig e-postadress"],
      [{ name: "" }, "Namn krävs"],
      [{ phone: "" }, "Telefonnummer krävs"],
      [{ postalCode: "" }, "Postnummer krävs"],
      [{ heatpumpModel: "" }, "Ange värmepumpsmodell"],
      [{ serviceType: "bastu" }, "Välj en tjänst"],
      [{ timeSlot: "08-10" }, "Välj en tid"],
      [{ date: "2026-02-30" }, "Välj ett datum"],
    ];
    for (const [overrides, message] of cases) {
      const res = await book({ ...bookingPayload(), ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it("books a home visit without a heat pump model", async () => {
    const res = await book(
      bookingPayload({ serviceType: "hembesok", heatpumpModel: undefined, date: "2026-11-25", timeSlot: "17:00-17:30", email: "hem@exempel.se" }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().heatpumpModel).toBeNull();
  });
});

describe("images", () => {
  it("re-encodes uploaded photos as JPEG with the orientation applied and all metadata (GPS) stripped", async () => {
    const res = await book(bookingPayload({ date: "2026-12-14", email: "bild@exempel.se", images: [await phonePhotoDataUrl(64, 32), await pngDataUrl()] }));
    expect(res.statusCode).toBe(201);
    const images = await queryRows<{ data: Buffer | Uint8Array; content_type: string; image_url: string; uploaded_by: string }>(
      database,
      sql`select data, content_type, image_url, uploaded_by from booking_images where booking_id = ${res.json().id} order by id`,
    );
    expect(images).toHaveLength(2);
    const meta = await sharp(Buffer.from(images[0].data)).metadata();
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([32, 64]); // orientation 6 rotated the 64x32 photo upright
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(Buffer.from(images[0].data).includes(Buffer.from("Kamera X"))).toBe(false);
    expect(images.every((i) => i.content_type === "image/jpeg" && i.uploaded_by === "customer")).toBe(true);
    expect(images[0].image_url).toMatch(/^\/api\/booking\/images\/\d+\/file$/);
  });

  it("converts an iPhone HEIC photo to JPEG", async () => {
    // photo-48x32.heic: a real HEVC-coded HEIC made with libheif's heif-enc (48x32, solid colour).
    const heic = readFileSync(fileURLToPath(new URL("../../test-support/fixtures/photo-48x32.heic", import.meta.url)));
    const res = await book(
      bookingPayload({
        date: "2026-12-14",
        timeSlot: "14:00-16:00",
        email: "iphone@exempel.se",
        images: [`data:image/heic;base64,${heic.toString("base64")}`],
      }),
    );
    expect(res.statusCode).toBe(201);
    const [image] = await queryRows<{ data: Buffer | Uint8Array }>(database, sql`select data from booking_images where booking_id = ${res.json().id}`);
    const meta = await sharp(Buffer.from(image.data)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 48, 32]);
  });

  it("refuses more than four images", async () => {
    const png = await pngDataUrl();
    const res = await book(bookingPayload({ date: "2026-12-14", timeSlot: "12:00-14:00", images: [png, png, png, png, png] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Max antal bilder uppnått (4)" });
  });

  it("refuses a file that is not really an image and writes nothing", async () => {
    const before = [await count("bookings"), await count("customers"), await count("booking_images")];
    const fake = `data:image/jpeg;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`;
    const res = await book(bookingPayload({ date: "2026-12-14", timeSlot: "12:00-14:00", email: "fake@exempel.se", images: [fake] }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "Kunde inte läsa bilden" });
    expect([await count("bookings"), await count("customers"), await count("booking_images")]).toEqual(before);
  });

  it("refuses an image over 10 MB", async () => {
    const huge = `data:image/jpeg;base64,${Buffer.alloc(10 * 1024 * 1024 + 10, 1).toString("base64")}`;
    const res = await book(bookingPayload({ date: "2026-12-14", timeSlot: "12:00-14:00", images: [huge] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/för stor/);
  });
});

describe("confirmation e-mail and calendar file", () => {
  it("queues a Swedish confirmation with the .ics and the personal link in the same transaction", async () => {
    const res = await book(bookingPayload({ date: "2026-12-19", timeSlot: "12:00-14:00", email: "post@exempel.se", name: "Karin Eriksson" }));
    expect(res.statusCode).toBe(201);
    const { id, manageUrl } = res.json();
    const [mail] = await queryRows<{ to: string; subject: string; text: string; status: string; attachments: { filename: string; content: string }[] }>(
      database,
      sql`select "to", subject, text, status, attachments from email_outbox where "to" = 'post@exempel.se'`,
    );
    expect(mail.status).toBe("queued"); // no SMTP_URL: it stays in the outbox
    expect(mail.subject).toBe("Bokningsbekräftelse: Service lördag 19 december 2026 kl. 12:00");
    expect(mail.text).toContain("Hej Karin Eriksson!");
    expect(mail.text).toContain(`#${id}`);
    expect(mail.text).toContain(manageUrl);
    expect(mail.attachments[0].filename).toBe(`${id}.ics`);
    expect(mail.attachments[0].content).toContain("DTSTART:20261219T110000Z"); // 12:00 Stockholm in winter
  });

  it("serves the booking's .ics behind the customer link, named after the booking id", async () => {
    const created = (await book(bookingPayload({ date: "2026-12-19", timeSlot: "14:00-16:00", email: "ics@exempel.se" }))).json();
    const res = await app.inject({ method: "GET", url: created.calendarUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${created.id}.ics"`);
    expect(res.body).toContain("DTSTART:20261219T130000Z");
    expect(res.body).toContain("DTEND:20261219T150000Z");
    expect(res.body).toMatch(/TRIGGER:-P1D|TRIGGER:-PT24H/);
    expect(res.body).toMatch(/TRIGGER:-PT1H/);
    const unknown = await app.inject({ method: "GET", url: "/api/booking-links/finns-inte-finns-inte-finns-inte/calendar.ics" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("no double booking (rules D5)", () => {
  it("lets exactly one of 50 simultaneous requests for the same slot win; the rest get 409, none 5xx", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(bookingPayload({ date: "2026-12-21", timeSlot: "14:00-16:00", email: `kund${i}@exempel.se`, name: `Kund ${i}` })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const rows = await queryRows(database, sql`select id from bookings where date = '2026-12-21' and status <> 'cancelled'`);
    expect(rows).toHaveLength(1);
    // Losers left nothing behind: one new customer, one outbox message.
    expect(await queryRows(database, sql`select id from customers where email like 'kund%@exempel.se'`)).toHaveLength(1);
    expect(await queryRows(database, sql`select id from email_outbox where "to" like 'kund%@exempel.se'`)).toHaveLength(1);
  });

  it("lets the exclusion constraint itself refuse 49 of 50 parallel writes that skip every check in the code", async () => {
    const repo = createBookingsRepository(database.db);
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        repo.createPublicBooking({
          customer: { name: `Rå ${i}`, email: `raa${i}@exempel.se`, phone: "070-1", address: "Gatan 1", city: "Uppsala", postalCode: "75320" },
          booking: {
            serviceType: "service",
            description: "x",
            heatpumpModel: null,
            date: "2026-12-26",
            timeSlot: "12:00-14:00",
            startTime: "12:00",
            endTime: "14:00",
            status: "confirmed",
          },
          images: [],
          link: { token: `raa-token-${i}-${"x".repeat(30)}`, expiresAt: new Date("2027-02-01") },
          maxActive: 100,
          maxPerDay: 1000,
          today: "2026-11-22",
          emails: (b) => [{ to: b.contactEmail, subject: "s", text: "t" }],
        }),
      ),
    );
    const refused = attempts.filter((a) => a.status === "rejected");
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(49);
    // The repository turned each constraint refusal (SQLSTATE 23P01) into the Swedish 409.
    expect(refused.every((a) => (a as PromiseRejectedResult).reason?.statusCode === 409)).toBe(true);
    expect(await queryRows(database, sql`select id from bookings where date = '2026-12-26'`)).toHaveLength(1);
    expect(await queryRows(database, sql`select id from email_outbox where "to" like 'raa%@exempel.se'`)).toHaveLength(1);
    expect(await queryRows(database, sql`select id from customers where email like 'raa%@exempel.se'`)).toHaveLength(1);
  });

  it("refuses a status outside rules §4 in the database itself", async () => {
    const [row] = await queryRows<{ id: number }>(database, sql`select id from bookings limit 1`);
    await expect(database.db.execute(sql`update bookings set status = 'hacked' where id = ${row.id}`)).rejects.toSatisfy(
      (e: unknown) => sqlState(e) === "23514",
    );
  });

  it("makes an overlapping active booking impossible in the database itself, whatever code writes it", async () => {
    await expect(
      database.db
        .execute(sql`insert into bookings (customer_id, contact_name, contact_email, contact_phone, address, postal_code, city, service_type, date, time_slot, start_time, end_time, status)
        select id, name, email, phone, address, postal_code, city, 'installation', '2026-12-21', '15:00-17:00', '15:00', '17:00', 'planned' from customers limit 1`),
    ).rejects.toSatisfy((e: { cause?: { code?: string } }) => e.cause?.code === "23P01");
  });
});

describe("availability right after a booking", () => {
  const dayFree = async (date: string, label: string) => {
    const res = await app.inject({ method: "GET", url: `/api/availability/day?date=${date}&serviceType=service` });
    return res.json().slots.find((s: { label: string }) => s.label === label)?.available;
  };

  it("hides a slot that was booked a moment ago, even if the day was just read", async () => {
    expect(await dayFree("2026-12-28", "12:00-14:00")).toBe(true);
    expect((await book(bookingPayload({ date: "2026-12-28", timeSlot: "12:00-14:00", email: "direkt@exempel.se" }))).statusCode).toBe(201);
    expect(await dayFree("2026-12-28", "12:00-14:00")).toBe(false);
  });

  it("shows a booking written by another process within a second", async () => {
    expect(await dayFree("2026-12-28", "08:00-10:00")).toBe(true);
    await database.db
      .execute(sql`insert into bookings (customer_id, contact_name, contact_email, contact_phone, address, postal_code, city, service_type, date, time_slot, start_time, end_time, status)
      select id, name, email, phone, address, postal_code, city, 'service', '2026-12-28', '08:00-10:00', '08:00', '10:00', 'confirmed' from customers limit 1`);
    // Polled instead of a fixed wait: shown as soon as it is, and a failure if not within the second (and a request).
    await expect.poll(() => dayFree("2026-12-28", "08:00-10:00"), { timeout: 1_100, interval: 50 }).toBe(false);
  });
});
