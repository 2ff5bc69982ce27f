import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { NOW, bookingPayload } from "../test-support/booking-fixtures";
import { TestSmtpServer, freePort } from "../test-support/smtp";
import { createTestDatabase, queryRows, testConfig } from "../test-support/test-app";

let database: Database | undefined;
let app: FastifyInstance | undefined;
let smtp: TestSmtpServer | undefined;

afterEach(async () => {
  await app?.close();
  await database?.close();
  await smtp?.stop();
  app = database = smtp = undefined;
});

async function startApp(port: number) {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true }), {
    database,
    now: () => NOW,
    outbox: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
  });
  await app.ready();
  return app;
}

const outboxRows = () =>
  queryRows<{ status: string; attempts: number; last_error: string | null }>(database!, sql`select status, attempts, last_error from email_outbox`);

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("e-mail outbox", () => {
  it("sends the booking confirmation over SMTP: recipient, Swedish subject, the .ics attached", async () => {
    const port = await freePort();
    smtp = new TestSmtpServer(port);
    await smtp.start();
    await startApp(port);
    const res = await app!.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email: "maria@exempel.se", name: "Maria Karlsson" }) });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [mail] = await smtp.waitForMessages(1);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("maria@exempel.se");
    expect(mail.subject).toBe("Bokningsbekräftelse: Service måndag 7 december 2026 kl. 08:00");
    expect(mail.text).toContain("Hej Maria Karlsson!");
    expect(mail.text).toMatch(/http:\/\/app\.test\/booking\/shared\/[A-Za-z0-9_-]{43}/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe(`${id}.ics`);
    expect(mail.attachments[0].contentType).toBe("text/calendar");
    const ics = mail.attachments[0].content.toString("utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("DTSTART:20261207T070000Z");
    await waitFor(async () => (await outboxRows())[0]?.status === "sent");
    expect((await outboxRows())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a message made while the SMTP server is down and sends it once the server is back", async () => {
    const port = await freePort();
    await startApp(port);
    const res = await app!.inject({ method: "POST", url: "/api/bookings", payload: bookingPayload({ email: "nere@exempel.se" }) });
    expect(res.statusCode).toBe(201); // the booking never waits for e-mail
    await waitFor(async () => (await outboxRows())[0]?.attempts >= 1);
    const [failed] = await outboxRows();
    expect(failed.status).toBe("queued");
    expect(failed.last_error).toBeTruthy();

    smtp = new TestSmtpServer(port);
    await smtp.start();
    const [mail] = await smtp.waitForMessages(1, 30_000);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("nere@exempel.se");
    await waitFor(async () => (await outboxRows())[0]?.status === "sent");
    expect(smtp.messages).toHaveLength(1);
  });
});
