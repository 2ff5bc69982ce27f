import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { closeImagePool } from "../../lib/images";
import { NOW, bookingPayload, phonePhotoDataUrl } from "../../test-support/booking-fixtures";
import { svgImage } from "../../test-support/fixtures/hostile-images";
import { SAME_ORIGIN, createTestDatabase, createUser, loginAs, queryRows, testConfig } from "../../test-support/test-app";

// Images of a booking (rules §7 /api/booking/images, rules D9 and D20), attacked: staff and the
// holder of a booking's link upload and delete within their rights, and nobody else sees a file.

let database: Database;
let app: FastifyInstance;
let admin: string;
let technician: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => NOW });
  await app.ready();
  await createUser(database, { username: "chef", password: "Chef12345", role: "admin", name: "Chefen Anna" });
  await createUser(database, { username: "tekla", password: "Tekla1234", role: "technician", name: "Tekla Tekniker" });
  admin = await loginAs(app, "chef", "Chef12345", "admin");
  technician = await loginAs(app, "tekla", "Tekla1234", "technician");
});
afterAll(async () => {
  await app.close();
  await database.close();
  await closeImagePool();
});

// --- Helpers ----------------------------------------------------------------------------------------

type FilePart = { filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
function multipart(fields: Record<string, string | number>, file?: FilePart) {
  const boundary = `----vpsTest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    );
    chunks.push(file.data, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const jpegPhoto = async () => {
  const dataUrl = await phonePhotoDataUrl(64, 32);
  return { filename: "foto.jpg", contentType: "image/jpeg", data: Buffer.from(dataUrl.split(",")[1], "base64") };
};

/** Uploads as staff (`cookie`) or as a customer (`token` field, no cookie). */
function upload(fields: Record<string, string | number>, file: FilePart | undefined, cookie?: string) {
  const body = multipart(fields, file);
  return app.inject({
    method: "POST",
    url: "/api/booking/images",
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { ...SAME_ORIGIN, cookie } : {}) },
  });
}

const fileUrl = (id: number, token?: string) => `/api/booking/images/${id}/file${token ? `?token=${encodeURIComponent(token)}` : ""}`;
const getFile = (id: number, opts: { cookie?: string; token?: string } = {}) =>
  app.inject({ method: "GET", url: fileUrl(id, opts.token), headers: opts.cookie ? { cookie: opts.cookie } : {} });
const deleteImage = (id: number, opts: { cookie?: string; token?: string } = {}) =>
  app.inject({
    method: "DELETE",
    url: `/api/booking/images/${id}${opts.token ? `?token=${encodeURIComponent(opts.token)}` : ""}`,
    headers: opts.cookie ? { ...SAME_ORIGIN, cookie: opts.cookie } : {},
  });

const imageCount = async (bookingId: number) =>
  (await queryRows<{ n: number }>(database, sql`select count(*)::int as n from booking_images where booking_id = ${bookingId}`))[0].n;

let slotIndex = 0;
const SLOTS = ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28", "2027-01-04", "2027-01-11", "2027-01-18"].flatMap((date) =>
  ["08:00-10:00", "10:00-12:00", "12:00-14:00", "14:00-16:00"].map((timeSlot) => ({ date, timeSlot })),
);

/** A public booking and the token of its customer link; `allowUpdates` lets the customer add images. */
async function booking({ allowUpdates = false } = {}): Promise<{ id: number; token: string }> {
  if (slotIndex >= SLOTS.length) throw new Error("the test ran out of free slots");
  const res = await app.inject({
    method: "POST",
    url: "/api/bookings",
    payload: bookingPayload({ ...SLOTS[slotIndex++], email: `bild${slotIndex}@exempel.se` }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, manageUrl } = res.json();
  if (allowUpdates) {
    const patch = await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${id}/link`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { allowClientUpdates: true },
    });
    expect(patch.statusCode).toBe(200);
  }
  return { id, token: manageUrl.split("/").pop() };
}

// --- Tests --------------------------------------------------------------------------------------------

describe("staff upload", () => {
  it("stores an admin's photo as a re-encoded JPEG without metadata, uploaded by the admin (201)", async () => {
    const { id } = await booking();
    const res = await upload({ bookingId: id, caption: "  Utedelen före service  ", uploadedBy: "customer" }, await jpegPhoto(), admin);
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({
      caption: "Utedelen före service",
      uploadedBy: "admin",
      uploadedByName: "Chefen Anna",
      imageUrl: `/api/booking/images/${image.id}/file`,
    });
    const [row] = await queryRows<{ uploaded_by: string; uploaded_by_id: number; content_type: string }>(
      database,
      sql`select uploaded_by, uploaded_by_id, content_type from booking_images where id = ${image.id}`,
    );
    // The form's uploadedBy is not believed: the server knows who is logged in.
    expect(row).toMatchObject({ uploaded_by: "admin", content_type: "image/jpeg" });
    expect(row.uploaded_by_id).toBeTypeOf("number");

    const file = await getFile(image.id, { cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 32, 64]); // upright, EXIF orientation applied
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from("Kamera X"))).toBe(false);

    const detail = await app.inject({ method: "GET", url: `/api/admin/bookings/${id}`, headers: { cookie: admin } });
    expect(detail.json().images).toEqual([
      expect.objectContaining({ id: image.id, uploadedBy: "admin", uploadedByName: "Chefen Anna", caption: "Utedelen före service" }),
    ]);
  });

  it("records a technician's photo as uploaded by the technician", async () => {
    const { id } = await booking();
    const res = await upload({ bookingId: id }, await jpegPhoto(), technician);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ uploadedBy: "technician", uploadedByName: "Tekla Tekniker", caption: null });
  });

  it("says which booking is missing: none given (400) or one that does not exist (404)", async () => {
    const none = await upload({}, await jpegPhoto(), admin);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: "Bokning hittades inte" });
    const missing = await upload({ bookingId: 999_999 }, await jpegPhoto(), admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Bokning hittades inte" });
  });

  it("asks for a picture when the form has none (400 'Välj en bild att ladda upp')", async () => {
    const { id } = await booking();
    const res = await upload({ bookingId: id, caption: "Ingen bild" }, undefined, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Välj en bild att ladda upp" });
    const empty = await upload({ bookingId: id }, { filename: "tom.jpg", contentType: "image/jpeg", data: Buffer.alloc(0) }, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Välj en bild att ladda upp" });
    expect(await imageCount(id)).toBe(0);
  });
});

describe("customer upload through the link", () => {
  it("accepts a photo from the link's holder when the link allows updates (201, uploaded by the customer)", async () => {
    const { id, token } = await booking({ allowUpdates: true });
    const res = await upload({ token, caption: "Felkoden på displayen" }, await jpegPhoto());
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ uploadedBy: "customer", uploadedByName: null, caption: "Felkoden på displayen" });
    // The customer's copy of the URL carries their token, so their page can show it.
    expect(image.imageUrl).toBe(fileUrl(image.id, token));
    const view = await app.inject({ method: "GET", url: `/api/booking-links/${token}` });
    expect(view.json().images).toEqual([expect.objectContaining({ id: image.id, imageUrl: fileUrl(image.id, token) })]);
    expect(await imageCount(id)).toBe(1);
  });

  it("refuses a photo (403) when the link does not allow updates, and stores nothing", async () => {
    const { id, token } = await booking();
    const res = await upload({ token }, await jpegPhoto());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Bilder kan inte läggas till för den här bokningen." });
    expect(await imageCount(id)).toBe(0);
  });

  it("takes no more photos through the link once the visit is cancelled (403)", async () => {
    const { id, token } = await booking({ allowUpdates: true });
    expect((await app.inject({ method: "POST", url: `/api/booking-links/${token}/cancel` })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `/api/booking-links/${token}` })).json().updatesAllowed).toBe(false);
    const res = await upload({ token }, await jpegPhoto());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Bilder kan inte läggas till för den här bokningen." });
    expect(await imageCount(id)).toBe(0);
  });

  it("never adds a photo to another booking than the link's own (404, as for a booking that does not exist)", async () => {
    const mine = await booking({ allowUpdates: true });
    const other = await booking({ allowUpdates: true });
    const res = await upload({ token: mine.token, bookingId: other.id }, await jpegPhoto());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Bokning hittades inte" });
    expect((await upload({ token: mine.token, bookingId: 999_999 }, await jpegPhoto())).json()).toEqual(res.json());
    expect(await imageCount(other.id)).toBe(0);
    expect(await imageCount(mine.id)).toBe(0);
  });

  it("refuses an upload without a session or a working link (404, the link's message)", async () => {
    const { id, token } = await booking({ allowUpdates: true });
    const attempts: Record<string, string | number>[] = [
      { bookingId: id },
      { bookingId: id, token: token.slice(0, -1) + (token.endsWith("A") ? "B" : "A") },
      { token: "kort" },
    ];
    for (const fields of attempts) {
      const res = await upload(fields, await jpegPhoto());
      expect(res.statusCode, JSON.stringify(fields)).toBe(404);
      expect(res.json()).toEqual({ message: "Denna länk har upphört att gälla eller tagits bort." });
    }
    expect(await imageCount(id)).toBe(0);
  });
});

describe("who may see an image file", () => {
  it("serves the file to staff and to the holder of that booking's link; a stranger or another booking's link gets 404", async () => {
    const mine = await booking({ allowUpdates: true });
    const other = await booking();
    const image = (await upload({ token: mine.token }, await jpegPhoto())).json();

    expect((await getFile(image.id, { cookie: admin })).statusCode).toBe(200);
    expect((await getFile(image.id, { cookie: technician })).statusCode).toBe(200);
    const own = await getFile(image.id, { token: mine.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/jpeg");

    for (const [what, res] of [
      ["no token", await getFile(image.id)],
      ["another booking's token", await getFile(image.id, { token: other.token })],
      ["a made-up token", await getFile(image.id, { token: randomBytes(32).toString("base64url") })],
    ] as const) {
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toEqual({ message: "Bilden hittades inte." });
    }
    // An image that does not exist answers exactly like one the caller may not see.
    expect((await getFile(999_999, { token: mine.token })).json()).toEqual({ message: "Bilden hittades inte." });
  });

  it("stops serving the customer once staff deactivate the link", async () => {
    const { id, token } = await booking({ allowUpdates: true });
    const image = (await upload({ token }, await jpegPhoto())).json();
    const off = await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${id}/link`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await getFile(image.id, { token })).statusCode).toBe(404);
    expect((await getFile(image.id, { cookie: admin })).statusCode).toBe(200);
  });
});

describe("a technician reaches only the images of visits they may work on (issue 22.1)", () => {
  /** Gives the booking to a technician, as an admin does on the planning screen. */
  async function assign(bookingId: number, technicianId: number | null) {
    const res = await app.inject({
      method: "PUT",
      url: `/api/admin/bookings/${bookingId}/technician`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { technicianId },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const idOf = async (username: string) => (await queryRows<{ id: number }>(database, sql`select id from users where username = ${username}`))[0].id;

  it("lets a second technician read, add or delete nothing of another technician's visit, counting ids or not; the assigned one and the unassigned visit stay open", async () => {
    await createUser(database, { username: "tore", password: "Tore12345", role: "technician", name: "Tore Tekniker" });
    const tore = await loginAs(app, "tore", "Tore12345", "technician");
    const teklaId = await idOf("tekla");

    const teklas = await booking({ allowUpdates: true });
    await assign(teklas.id, teklaId);
    const unassigned = await booking();
    const ownPhotos = [];
    for (let i = 0; i < 3; i++) ownPhotos.push((await upload({ bookingId: teklas.id }, await jpegPhoto(), technician)).json());
    const customerPhoto = (await upload({ token: teklas.token }, await jpegPhoto())).json();
    const openPhoto = (await upload({ bookingId: unassigned.id }, await jpegPhoto(), admin)).json();

    // Counting: every image id up to the newest one.
    const [{ max }] = await queryRows<{ max: number }>(database, sql`select max(id)::int as max from booking_images`);
    const visibleToTore: number[] = [];
    for (let id = 1; id <= max + 2; id++) {
      const res = await getFile(id, { cookie: tore });
      if (res.statusCode === 200) visibleToTore.push(id);
      else expect(res.json(), `image ${id}`).toEqual({ message: "Bilden hittades inte." });
    }
    const teklasImageIds = [...ownPhotos, customerPhoto].map((image) => image.id);
    expect(visibleToTore).toContain(openPhoto.id);
    expect(visibleToTore.filter((id) => teklasImageIds.includes(id))).toEqual([]);
    // Exactly the images of visits with no technician: Tore may still take those.
    const [{ ids: unassignedIds }] = await queryRows<{ ids: number[] }>(
      database,
      sql`select coalesce(array_agg(i.id order by i.id), '{}') as ids from booking_images i join bookings b on b.id = i.booking_id where b.assigned_technician_id is null`,
    );
    expect(visibleToTore).toEqual(unassignedIds);

    // Tekla's visit: Tore can neither add to it nor delete from it, and nothing changes.
    const added = await upload({ bookingId: teklas.id }, await jpegPhoto(), tore);
    expect(added.statusCode).toBe(404);
    expect(added.json()).toEqual({ message: "Bokning hittades inte" });
    expect((await upload({ bookingId: 999_999 }, await jpegPhoto(), tore)).json()).toEqual(added.json());
    for (const image of [...ownPhotos, customerPhoto]) {
      const deleted = await deleteImage(image.id, { cookie: tore });
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json()).toEqual({ message: "Bilden hittades inte." });
    }
    expect(await imageCount(teklas.id)).toBe(4);

    // The assigned technician, the admin and the link's holder still reach it.
    expect((await getFile(ownPhotos[0].id, { cookie: technician })).statusCode).toBe(200);
    expect((await getFile(ownPhotos[0].id, { cookie: admin })).statusCode).toBe(200);
    expect((await getFile(ownPhotos[0].id, { token: teklas.token })).statusCode).toBe(200);
    expect((await deleteImage(ownPhotos[0].id, { cookie: technician })).statusCode).toBe(200);

    // The unassigned visit is open to any technician, as the visit itself is (rules §6).
    expect((await upload({ bookingId: unassigned.id }, await jpegPhoto(), tore)).statusCode).toBe(201);
    // Once it is given to Tekla, it is closed to Tore.
    await assign(unassigned.id, teklaId);
    expect((await getFile(openPhoto.id, { cookie: tore })).statusCode).toBe(404);
    expect((await deleteImage(openPhoto.id, { cookie: tore })).statusCode).toBe(404);
  });

  it("gives nothing to a link token of another booking, alone or beside a technician's session", async () => {
    await createUser(database, { username: "tyra", password: "Tyra12345", role: "technician", name: "Tyra Tekniker" });
    const tyra = await loginAs(app, "tyra", "Tyra12345", "technician");
    const teklas = await booking({ allowUpdates: true });
    await assign(teklas.id, await idOf("tekla"));
    const photo = (await upload({ token: teklas.token }, await jpegPhoto())).json();
    const other = await booking({ allowUpdates: true });
    await assign(other.id, await idOf("tekla"));

    for (const cookie of [undefined, tyra]) {
      const who = cookie ? "with Tyra's session" : "alone";
      const file = await app.inject({ method: "GET", url: fileUrl(photo.id, other.token), headers: cookie ? { cookie } : {} });
      expect(file.statusCode, who).toBe(404);
      expect(file.json(), who).toEqual({ message: "Bilden hittades inte." });
      const deleted = await app.inject({
        method: "DELETE",
        url: `/api/booking/images/${photo.id}?token=${other.token}`,
        headers: cookie ? { ...SAME_ORIGIN, cookie } : {},
      });
      expect(deleted.statusCode, who).toBe(404);
      const added = await upload({ token: other.token, bookingId: teklas.id }, await jpegPhoto(), cookie);
      expect(added.statusCode, who).toBe(404);
    }
    expect(await imageCount(teklas.id)).toBe(1);
    // Tyra holding the booking's own link reaches it as its customer does, and no further.
    expect((await app.inject({ method: "GET", url: fileUrl(photo.id, teklas.token), headers: { cookie: tyra } })).statusCode).toBe(200);
  });
});

describe("deleting images", () => {
  it("lets the customer delete their own photo but not a staff photo (403) nor another booking's (404)", async () => {
    const { id, token } = await booking({ allowUpdates: true });
    const own = (await upload({ token }, await jpegPhoto())).json();
    const staff = (await upload({ bookingId: id }, await jpegPhoto(), admin)).json();
    const other = await booking();
    const foreign = (await upload({ bookingId: other.id }, await jpegPhoto(), admin)).json();

    const refused = await deleteImage(staff.id, { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Du kan bara ta bort bilder som du själv har laddat upp." });
    const stranger = await deleteImage(foreign.id, { token });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: "Bilden hittades inte." });
    expect((await deleteImage(own.id)).statusCode).toBe(404); // no token, no session

    const deleted = await deleteImage(own.id, { token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await getFile(own.id, { cookie: admin })).statusCode).toBe(404);
    const [row] = await queryRows<{ images: string[] }>(database, sql`select images from bookings where id = ${id}`);
    expect(row.images).toEqual([staff.imageUrl]);
    expect((await getFile(staff.id, { cookie: admin })).statusCode).toBe(200);
    expect((await getFile(foreign.id, { cookie: admin })).statusCode).toBe(200);
  });

  it("keeps the customer's own photo once staff turn updates off (403)", async () => {
    const { id, token } = await booking({ allowUpdates: true });
    const own = (await upload({ token }, await jpegPhoto())).json();
    await app.inject({
      method: "PATCH",
      url: `/api/admin/bookings/${id}/link`,
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { allowClientUpdates: false },
    });
    const res = await deleteImage(own.id, { token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Bilder kan inte tas bort för den här bokningen." });
    expect(await imageCount(id)).toBe(1);
  });

  it("lets staff delete any image, a customer's too; a second delete answers 404", async () => {
    const { token } = await booking({ allowUpdates: true });
    const own = (await upload({ token }, await jpegPhoto())).json();
    expect((await deleteImage(own.id, { cookie: technician })).statusCode).toBe(200);
    const again = await deleteImage(own.id, { cookie: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Bilden hittades inte." });
  });
});

describe("hostile and oversized files", () => {
  it.each([
    ["text renamed .jpg", { filename: "semester.jpg", contentType: "image/jpeg", data: Buffer.from("Det här är ingen bild, bara text.\n".repeat(20)) }],
    ["an SVG", { filename: "bild.svg", contentType: "image/svg+xml", data: svgImage() }],
    ["an SVG posing as PNG", { filename: "bild.png", contentType: "image/png", data: svgImage() }],
    [
      "a truncated JPEG",
      { filename: "trasig.jpg", contentType: "image/jpeg", data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]) },
    ],
  ])("refuses %s with 422 'Kunde inte läsa bilden' and stores nothing", async (_, file) => {
    const { id } = await booking();
    const res = await upload({ bookingId: id }, file, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "Kunde inte läsa bilden" });
    expect(await imageCount(id)).toBe(0);
  });

  it("refuses a file over 10 MB with 413 and stores nothing", async () => {
    const { id } = await booking();
    const photo = await jpegPhoto();
    const data = Buffer.concat([photo.data, Buffer.alloc(10 * 1024 * 1024 + 1 - photo.data.length, 0)]);
    const res = await upload({ bookingId: id }, { ...photo, data }, admin);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Begäran är för stor." });
    expect(await imageCount(id)).toBe(0);
  });

  it("accepts a photo of almost 10 MB within seconds", async () => {
    const { id } = await booking();
    const photo = await jpegPhoto();
    // A valid JPEG padded after its end marker: decoders stop at the marker, the upload is 10 MB − 1 KB.
    const data = Buffer.concat([photo.data, randomBytes(10 * 1024 * 1024 - 1024 - photo.data.length)]);
    const started = performance.now();
    const res = await upload({ bookingId: id }, { ...photo, data }, admin);
    expect(res.statusCode).toBe(201);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses the 21st image of a booking with 409; two racing for the 20th place: one wins", async () => {
    const { id } = await booking();
    const photo = await jpegPhoto();
    const bytes = (
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#888" } })
        .jpeg()
        .toBuffer()
    ).toString("hex");
    for (let i = 0; i < 19; i++) {
      await database.db.execute(
        sql`insert into booking_images (booking_id, image_url, uploaded_by, data) values (${id}, '', 'admin', decode(${bytes}, 'hex'))`,
      );
    }
    const racing = await Promise.all([upload({ bookingId: id }, photo, admin), upload({ bookingId: id }, photo, technician)]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = racing.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({ message: "Bokningen har redan 20 bilder." });
    expect((await upload({ bookingId: id }, photo, admin)).statusCode).toBe(409);
    expect(await imageCount(id)).toBe(20);
  });
});
