import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { emailOutbox, type OutboxAttachment } from "../db/schema";

export type OutboxMessage = { to: string; subject: string; text: string; html?: string; attachments?: OutboxAttachment[]; headers?: Record<string, string> };
type Executor = Pick<Db, "insert">;

/** Writes a message to the outbox; call inside the transaction of the change that causes it. */
export async function enqueueEmail(tx: Executor, message: OutboxMessage): Promise<number> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments ?? [], headers: message.headers ?? {} })
    .returning({ id: emailOutbox.id });
  return row.id;
}

export type OutboxOptions = {
  smtpUrl?: string;
  from: string;
  /** First retry delay; each further failure doubles it, up to an hour. */
  retryDelaySeconds?: number;
  /** Attempts before a message is marked failed (it stays visible to admins). */
  maxAttempts?: number;
};

/** How long a sender may hold a claimed message before another may try it (a crash mid-send). */
const CLAIM_SECONDS = 120;
const MAX_RETRY_DELAY_SECONDS = 3600;
const SWEEP_BATCH = 50;

/**
 * Sends the outbox through SMTP. Every send first *claims* its row with one UPDATE, so two app
 * instances (or a notify racing the sweep) never send a message twice; a message is marked sent
 * only after the SMTP server accepted it, and a failure schedules the next attempt with exponential
 * backoff in the row itself. `notify` sends a just-committed message at once; the scheduled
 * `sweep` (every minute, see jobs/scheduler.ts) sends whatever is due, so a missed notify, a
 * crash or a restart loses nothing. Without SMTP_URL nothing is sent: messages stay queued,
 * visible to admins.
 */
export class OutboxSender {
  private transport?: Transporter;
  private readonly retryTimers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  get canSend() {
    return Boolean(this.transport);
  }

  start() {
    if (!this.options.smtpUrl) {
      this.log.warn("SMTP_URL saknas: e-post stannar i utkorgen (email_outbox) tills SMTP konfigureras");
      return;
    }
    this.transport = nodemailer.createTransport(this.options.smtpUrl);
  }

  stop() {
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.transport?.close();
    this.transport = undefined;
  }

  /** Sends a committed message soon. Never throws: the sweep is the safety net. */
  notify(id: number) {
    if (!this.transport) {
      this.log.info({ outboxId: id }, "e-post köad i utkorgen (ingen SMTP konfigurerad)");
      return;
    }
    void this.deliver(id).catch((error) => this.log.error({ err: error, outboxId: id }, "utkorgen kunde inte skicka"));
  }

  /**
   * 'Försök igen nu' for a message that gave up (DECISIONS 14): back in the queue, due now, and sent
   * at once when SMTP is configured. False when it is not a failed message (sent, or still queued).
   */
  async retry(id: number): Promise<boolean> {
    const [message] = await this.db
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: sql`now()`, claimedUntil: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
      .returning({ id: emailOutbox.id });
    if (!message) return false;
    this.notify(id);
    return true;
  }

  /** Sends every message that is due; returns how many were sent. */
  async sweep(): Promise<number> {
    if (!this.transport) return 0;
    const due = await this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, sql`now()`), or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`))))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(SWEEP_BATCH);
    let sent = 0;
    for (const { id } of due) if (await this.deliver(id)) sent++;
    return sent;
  }

  /** Claims and sends one message; true when this call sent it. */
  private async deliver(id: number): Promise<boolean> {
    const transport = this.transport;
    if (!transport) return false;
    const [message] = await this.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "queued"), or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`))))
      .returning();
    if (!message) return false; // sent already, or another sender holds it
    try {
      await transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        headers: message.headers,
        attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, encoding: a.encoding })),
      });
    } catch (error) {
      await this.recordFailure(message.id, message.attempts + 1, error as Error);
      return false;
    }
    await this.db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: message.attempts + 1, lastError: null, claimedUntil: null })
      .where(eq(emailOutbox.id, id));
    return true;
  }

  private async recordFailure(id: number, attempts: number, error: Error) {
    const maxAttempts = this.options.maxAttempts ?? 20;
    const delaySeconds = Math.min((this.options.retryDelaySeconds ?? 30) * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);
    const failed = attempts >= maxAttempts;
    await this.db
      .update(emailOutbox)
      .set({
        attempts,
        lastError: String(error.message).slice(0, 500),
        status: failed ? "failed" : "queued",
        nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
        claimedUntil: null,
      })
      .where(eq(emailOutbox.id, id));
    this.log.warn({ outboxId: id, attempts, err: error }, failed ? "e-post kunde inte skickas, ger upp" : "e-post kunde inte skickas, försöker igen");
    // Retry from this process when due; the sweep covers it too if this process stops first.
    if (!failed) {
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        this.notify(id);
      }, delaySeconds * 1000);
      timer.unref();
      this.retryTimers.add(timer);
    }
  }
}
