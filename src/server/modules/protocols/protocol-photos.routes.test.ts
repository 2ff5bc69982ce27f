import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { SAME_ORIGIN, createTestApp, createUser, loginAs, type TestApp } from "../../test-support/test-app";

// Issue 23 point 9: a protocol photo the browser cannot decode itself (an iPhone's HEIC in Chromium)
// is decoded by the server as it is added, so the form refuses a broken one at once instead of when
// the protocol is saved or made a PDF.

const UNREADABLE = { message: "Bilden kunde inte läsas" };
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../test-support/fixtures/${name}`, import.meta.url)));
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

let t: TestApp;
let technician: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database, { username: "tekla", password: "Tekla1234", role: "technician" });
  await createUser(t.database, { username: "chef", password: "Chef12345", role: "admin" });
  technician = await loginAs(t.app, "tekla", "Tekla1234");
  admin = await loginAs(t.app, "chef", "Chef12345", "admin");
});
afterAll(() => t.close());

const convert = (image: unknown, cookie: string | null = technician) =>
  t.app.inject({ method: "POST", url: "/api/technician/protocol-photos", headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, payload: { image } });

describe("POST /api/technician/protocol-photos", () => {
  it("decodes an iPhone HEIC photo and answers with a JPEG of the same picture, for technicians and admins", async () => {
    for (const cookie of [technician, admin]) {
      const res = await convert(dataUrl("image/heic", fixture("photo-48x32.heic")), cookie);
      expect(res.statusCode, res.body).toBe(200);
      const image: string = res.json().image;
      expect(image).toMatch(/^data:image\/jpeg;base64,/);
      const meta = await sharp(Buffer.from(image.split(",")[1], "base64")).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 48, 32]);
    }
  });

  it("refuses random bytes, a HEIC or JPEG cut off in the middle, and a picture of another format, with a Swedish 422", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#468" } })
      .jpeg()
      .toBuffer();
    const heic = fixture("photo-48x32.heic");
    const cases: [string, string][] = [
      ["random bytes named a JPEG", dataUrl("image/jpeg", Buffer.from("detta är ingen bild, bara text i en fil som heter x.jpg"))],
      ["a cut-off HEIC", dataUrl("image/heic", heic.subarray(0, Math.floor(heic.length / 2)))],
      ["a cut-off JPEG", dataUrl("image/jpeg", jpeg.subarray(0, Math.floor(jpeg.length / 2)))],
      ["an SVG", dataUrl("image/jpeg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))],
    ];
    for (const [what, image] of cases) {
      const res = await convert(image);
      expect([res.statusCode, res.json()], what).toEqual([422, UNREADABLE]);
    }
    const notDataUrl = await convert("https://example.com/bild.jpg");
    expect([notDataUrl.statusCode, notDataUrl.json()]).toEqual([400, UNREADABLE]);
  });

  it("is for staff only", async () => {
    expect((await convert(dataUrl("image/heic", fixture("photo-48x32.heic")), null)).statusCode).toBe(401);
  });
});
