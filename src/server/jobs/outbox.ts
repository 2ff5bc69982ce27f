import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { emailOutbox, type OutboxAttachment, type OutboxFile, type OutboxFileSource } from "../db/schema";

export type OutboxMessage = { to: string; subject: string; text: string; html?: string; attachments?: OutboxAttachment[]; headers?: Record<string, string> };
type Executor = Pick<Db, "insert">;

export type EnqueueOptions = {
  /** Queued messages with the same key replace each other (see withdrawQueued). */
  dedupeKey?: string;
  /** Not sent before then (the sweep sends it when due); now when not given. */
  notBefore?: Date | SQL;
};

/**
 * Writes a message to the outbox; call inside the transaction of the change that causes it.
 * `about` names the customer the message concerns (null for none): their erasure deletes it.
 */
export async function enqueueEmail(tx: Executor, message: OutboxMessage, about: { customerId: number | null }, options: EnqueueOptions = {}): Promise<number> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: message.to,
      customerId: about.customerId,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments ?? [],
      headers: message.headers ?? {},
      dedupeKey: options.dedupeKey ?? null,
      ...(options.notBefore ? { nextAttemptAt: options.notBefore } : {}),
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/** Makes a file of a message when it is sent; null when what it is made from is gone. */
/** A file source as named in a failure: its kind and id. */
const sourceName = (source: OutboxFileSource) => `${source.kind} ${"protocolId" in source ? source.protocolId : source.invoiceId}`;

export type FileMaker = (source: OutboxFileSource) => Promise<Buffer | null>;

/** A message that can never be sent as queued (the file it attaches is made from something deleted). */
class Unsendable extends Error {}

/**
 * Takes back the queued messages of `key` that no sender holds right now, inside the transaction of
 * the change that makes them out of date (a later message replaces them, or none is wanted any
 * more). Returns when the earliest of them was due, or null when there was none. A message a sender
 * has claimed is on its way and stays. Every instance sees the same rows, so this holds across them.
 */
export async function withdrawQueued(tx: Pick<Db, "delete">, key: string): Promise<Date | null> {
  const withdrawn = await tx
    .delete(emailOutbox)
    // A message held after a restore is out of date too: the later one replaces it.
    .where(
      and(
        eq(emailOutbox.dedupeKey, key),
        inArray(emailOutbox.status, ["queued", "held"]),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .returning({ dueAt: emailOutbox.nextAttemptAt });
  if (withdrawn.length === 0) return null;
  return new Date(Math.min(...withdrawn.map((row) => new Date(row.dueAt).getTime())));
}

export type OutboxOptions = {
  smtpUrl?: string;
  from: string;
  /** The domain of every Message-ID (PUBLIC_URL's host name). */
  messageIdDomain: string;
  /** First retry delay; each further failure doubles it, up to an hour. */
  retryDelaySeconds?: number;
  /** Attempts before a message is marked failed (it stays visible to admins). */
  maxAttempts?: number;
};

/**
 * The message's Message-ID, the same on every attempt: its row id and the random key stored with it
 * (ids alone repeat across databases, e.g. a restored backup or a test system sending to real people).
 */
export function messageIdOf(message: { id: number; messageKey: string }, domain: string): string {
  return `<outbox-${message.id}.${message.messageKey}@${domain}>`;
}

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
 * visible to admins. Messages held after a restore (status 'held') are never picked: only 'queued' is.
 *
 * Delivery is at least once: a process that dies after the SMTP server accepted a message but before
 * marking it sent leaves it claimed, and it is sent again once the claim expires. Every attempt of a
 * message carries the same Message-ID (messageIdOf), so mail clients show the copies as one.
 */
export class OutboxSender {
  private transport?: Transporter;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private makeFile: FileMaker = async () => {
    throw new Error("ingen tillverkare av bilagor är registrerad");
  };

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Who makes the files made at sending (app.ts: the protocols' PDFs). */
  makeFilesWith(maker: FileMaker) {
    this.makeFile = maker;
  }

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

  /** Sends a committed message soon (when it is due). Never throws: the sweep is the safety net. */
  notify(id: number) {
    if (!this.transport) {
      this.log.info({ outboxId: id }, "e-post köad i utkorgen (ingen SMTP konfigurerad)");
      return;
    }
    void this.deliver(id).catch((error) => this.log.error({ err: error, outboxId: id }, "utkorgen kunde inte skicka"));
  }

  /**
   * 'Försök igen nu' for a message that gave up (rules D14): back in the queue, due now, and sent
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
      .where(
        and(
          eq(emailOutbox.status, "queued"),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(SWEEP_BATCH);
    let sent = 0;
    for (const { id } of due) if (await this.deliver(id)) sent++;
    return sent;
  }

  /** Claims and sends one message that is due; true when this call sent it. */
  private async deliver(id: number): Promise<boolean> {
    const transport = this.transport;
    if (!transport) return false;
    const [message] = await this.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(
        and(
          eq(emailOutbox.id, id),
          eq(emailOutbox.status, "queued"),
          // Due: a message held back (notBefore) waits for the sweep. A second's leeway, as this
          // process's retry timer and the database's clock may differ a little.
          lte(emailOutbox.nextAttemptAt, sql`now() + interval '1 second'`),
          or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!message) return false; // sent already, another sender holds it, or not due yet
    try {
      const attachments = await Promise.all(message.attachments.map((a) => this.fileOf(a)));
      await transport.sendMail({
        messageId: messageIdOf(message, this.options.messageIdDomain),
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        headers: message.headers,
        attachments: attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType, encoding: a.encoding })),
      });
    } catch (error) {
      await this.recordFailure(message.id, message.attempts + 1, error as Error, error instanceof Unsendable);
      return false;
    }
    await this.db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: message.attempts + 1, lastError: null, claimedUntil: null })
      .where(eq(emailOutbox.id, id));
    return true;
  }

  /** An attachment as sent: as queued, or made now (a failure to make it is retried like a failure to send). */
  private async fileOf(attachment: OutboxAttachment): Promise<OutboxFile> {
    if (!("generate" in attachment)) return attachment;
    let made: Buffer | null;
    try {
      made = await this.makeFile(attachment.generate);
    } catch (error) {
      throw new Error(`bilagan ${attachment.filename} kunde inte skapas: ${(error as Error).message}`, { cause: error });
    }
    if (!made) throw new Unsendable(`bilagan ${attachment.filename} finns inte längre (${sourceName(attachment.generate)} är borttaget)`);
    return { filename: attachment.filename, contentType: attachment.contentType, content: made.toString("base64"), encoding: "base64" };
  }

  private async recordFailure(id: number, attempts: number, error: Error, permanent = false) {
    const maxAttempts = this.options.maxAttempts ?? 20;
    const delaySeconds = Math.min((this.options.retryDelaySeconds ?? 30) * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);
    const failed = permanent || attempts >= maxAttempts;
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
