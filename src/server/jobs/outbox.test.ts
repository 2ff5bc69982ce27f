import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { NOW, bookingPayload } from "../test-support/booking-fixtures";
import { enqueueEmail } from "./outbox";
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
    outbox: { retryDelaySeconds: 1 },
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

  it("sends within a minute a message whose notify never came (the scheduled sweep)", async () => {
    const port = await freePort();
    smtp = new TestSmtpServer(port);
    await smtp.start();
    await startApp(port);
    // Written straight to the outbox, as if the process died right after the commit.
    await enqueueEmail(database!.db, { to: "glomd@exempel.se", subject: "Hej", text: "Glömd" }, { customerId: null });
    const schedules = await queryRows<{ name: string; cron: string }>(database!, sql`select name, cron from pgboss.schedule order by name`);
    expect(schedules).toEqual(expect.arrayContaining([{ name: "outbox-sweep", cron: "* * * * *" }]));
    expect(await app!.jobs["outbox-sweep"].run()).toBe(1);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail.subject).toBe("Hej");
    expect((await outboxRows())[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("never sends a message twice when two app instances sweep and notify at the same moment", async () => {
    const port = await freePort();
    smtp = new TestSmtpServer(port);
    await smtp.start();
    await startApp(port);
    const second = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true }), { database: database!, now: () => NOW });
    await second.ready();
    try {
      const ids = [];
      for (let i = 0; i < 10; i++)
        ids.push(await enqueueEmail(database!.db, { to: `dubbel${i}@exempel.se`, subject: `Meddelande ${i}`, text: "x" }, { customerId: null }));
      await Promise.all([app!.outbox.sweep(), second.outbox.sweep(), app!.outbox.sweep(), ...ids.map((id) => second.outbox.notify(id))]);
      await waitFor(async () => (await outboxRows()).every((r) => r.status === "sent"));
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages).toHaveLength(10);
      expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(10);
    } finally {
      await second.close();
    }
  });

  it("sends a message again after a crash mid-send with the same Message-ID, so mail clients show one", async () => {
    const port = await freePort();
    smtp = new TestSmtpServer(port);
    await smtp.start();
    await startApp(port);
    const crashed = await enqueueEmail(database!.db, { to: "krasch@exempel.se", subject: "Bekräftelse", text: "x" }, { customerId: null });
    await enqueueEmail(database!.db, { to: "annan@exempel.se", subject: "Annan", text: "y" }, { customerId: null });
    expect(await app!.outbox.sweep()).toBe(2);
    // What a process that died after the SMTP server accepted the message leaves behind: the row still
    // queued, its claim run out. (16 of 18 such messages went out again in the audit's run.)
    await database!.db.execute(
      sql`update email_outbox set status = 'queued', sent_at = null, attempts = 0, claimed_until = now() - interval '1 second' where id = ${crashed}`,
    );
    expect(await app!.outbox.sweep()).toBe(1);

    const mails = await smtp.waitForMessages(3);
    const copies = mails.filter((m) => m.subject === "Bekräftelse");
    const other = mails.find((m) => m.subject === "Annan")!;
    expect(copies).toHaveLength(2);
    expect(copies[0].messageId).toMatch(new RegExp(`^<outbox-${crashed}\\.[0-9a-f-]{36}@app\\.test>$`));
    expect(copies[1].messageId).toBe(copies[0].messageId);
    expect(other.messageId).not.toBe(copies[0].messageId);
  });

  it("gives up after the last attempt and marks the message failed, visible to admins", async () => {
    const port = await freePort(); // nobody listens: every attempt fails
    database = await createTestDatabase();
    app = await buildApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, startWorkers: true }), {
      database,
      now: () => NOW,
      outbox: { retryDelaySeconds: 0.2, maxAttempts: 3 },
    });
    await app.ready();
    const id = await enqueueEmail(database.db, { to: "aldrig@exempel.se", subject: "Aldrig", text: "x" }, { customerId: null });
    app.outbox.notify(id);
    await waitFor(async () => (await outboxRows())[0]?.status === "failed");
    expect((await outboxRows())[0]).toMatchObject({ status: "failed", attempts: 3 });
  });
});
