import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { Database } from "../db/client";
import { queryRows } from "./test-app";
import { simpleParser, type ParsedMail } from "mailparser";

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. */
export class TestSmtpServer {
  readonly messages: ParsedMail[] = [];
  private server?: SMTPServer;

  constructor(readonly port: number) {}

  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream).then((mail) => {
          this.messages.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  async waitForMessages(count: number, timeoutMs = 20_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${this.messages.length}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return this.messages;
  }
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** Waits until the outbox holds nothing unsent and `smtp` has received every sent message. */
export async function allDelivered(database: Database, smtp: TestSmtpServer, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ unsent, sent }] = await queryRows<{ unsent: number; sent: number }>(
      database,
      sql`select count(*) filter (where status <> 'sent')::int as unsent, count(*) filter (where status = 'sent')::int as sent from email_outbox`,
    );
    if (unsent === 0 && smtp.messages.length >= sent) return;
    if (Date.now() > deadline) throw new Error(`e-mails not delivered: ${unsent} unsent`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
