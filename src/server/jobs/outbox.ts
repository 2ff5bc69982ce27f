import { and, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../db/client";
import { emailOutbox, type OutboxAttachment } from "../db/schema";

export type OutboxMessage = { to: string; subject: string; text: string; html?: string; attachments?: OutboxAttachment[] };
type Executor = Pick<Db, "insert">;

const QUEUE = "email-outbox";

/** Writes a message to the outbox; call inside the transaction of the change that causes it. */
export async function enqueueEmail(tx: Executor, message: OutboxMessage): Promise<number> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments ?? [] })
    .returning({ id: emailOutbox.id });
  return row.id;
}

export type OutboxOptions = { smtpUrl?: string; from: string; retryDelaySeconds?: number; retryLimit?: number; pollingIntervalSeconds?: number };

/**
 * Sends the outbox through SMTP with a pg-boss worker on the same database. A message is marked
 * sent only after the SMTP server accepted it; failures are retried with exponential backoff.
 * Without SMTP_URL nothing is sent: messages stay queued (visible to admins) and are logged.
 */
export class OutboxSender {
  private boss?: PgBoss;
  private transport?: Transporter;

  constructor(
    private readonly database: Database,
    private readonly options: OutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start() {
    if (!this.options.smtpUrl) {
      this.log.warn("SMTP_URL saknas: e-post stannar i utkorgen (email_outbox) tills SMTP konfigureras");
      return;
    }
    this.transport = nodemailer.createTransport(this.options.smtpUrl);
    this.boss = new PgBoss({ db: this.database.sql, schema: "pgboss" });
    this.boss.on("error", (error) => this.log.error({ err: error }, "pg-boss error"));
    await this.boss.start();
    await this.boss.createQueue(QUEUE);
    await this.boss.work<{ id: number }>(QUEUE, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 }, async ([job]) => this.deliver(job.data.id));
    // Messages left queued by an earlier run (a crash, SMTP not configured then) are picked up now.
    const queued = await this.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, "queued"));
    for (const { id } of queued) await this.schedule(id);
  }

  /** Asks the worker to send a committed outbox message soon. */
  async notify(id: number) {
    if (!this.boss) {
      this.log.info({ outboxId: id }, "e-post köad i utkorgen (ingen SMTP konfigurerad)");
      return;
    }
    await this.schedule(id);
  }

  async stop() {
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    this.transport?.close();
  }

  private async schedule(id: number) {
    await this.boss!.send(QUEUE, { id }, {
      retryLimit: this.options.retryLimit ?? 20,
      retryDelay: this.options.retryDelaySeconds ?? 30,
      retryBackoff: true,
    });
  }

  private async deliver(id: number) {
    const db = this.database.db;
    const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
    if (!message || message.status === "sent") return;
    try {
      await this.transport!.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, encoding: a.encoding })),
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "queued")));
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError: String((error as Error).message).slice(0, 500) })
        .where(eq(emailOutbox.id, id));
      this.log.warn({ outboxId: id, err: error }, "e-post kunde inte skickas, försöker igen");
      throw error;
    }
  }
}
