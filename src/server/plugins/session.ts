import cookie from "@fastify/cookie";
import session from "@fastify/session";
import { and, eq, lt, ne } from "drizzle-orm";
import type { FastifyInstance, Session } from "fastify";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import type { Role } from "@/common/constants";

declare module "fastify" {
  interface Session {
    userId?: number;
    role?: Role;
  }
}

export const SESSION_COOKIE = "vps.sid";
/** Idle timeout: a session unused for 12 hours ends. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Refresh the stored expiry at most once a minute, so reads stay cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;

type Callback = (err?: unknown) => void;

/** Sessions live in the database so they survive restarts and can be ended server-side. */
export class DatabaseSessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, data: Session, callback: Callback) {
    const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
    const row = { sid, userId: data.userId ?? null, data: JSON.parse(JSON.stringify(data)), expiresAt };
    this.db
      .insert(sessions)
      .values(row)
      .onConflictDoUpdate({ target: sessions.sid, set: { userId: row.userId, data: row.data, expiresAt } })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, result?: Session | null) => void) {
    this.load(sid).then((s) => callback(null, s), (err) => callback(err));
  }

  destroy(sid: string, callback: Callback) {
    this.db.delete(sessions).where(eq(sessions.sid, sid)).then(() => callback(), callback);
  }

  private async load(sid: string): Promise<Session | null> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.sid, sid)).limit(1);
    if (!row) return null;
    const now = Date.now();
    if (row.expiresAt.getTime() <= now) {
      await this.db.delete(sessions).where(eq(sessions.sid, sid));
      return null;
    }
    if (row.expiresAt.getTime() - now < SESSION_IDLE_MS - TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ expiresAt: new Date(now + SESSION_IDLE_MS) }).where(eq(sessions.sid, sid));
    }
    return row.data as Session;
  }
}

/** Ends every session of a user except the one given (password change). */
export async function endOtherSessions(db: Db, userId: number, keepSid: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export async function registerSession(app: FastifyInstance, options: { db: Db; secret: string; production: boolean }) {
  await app.register(cookie);
  await app.register(session, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: new DatabaseSessionStore(options.db),
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: options.production ? true : false,
      path: "/",
      maxAge: SESSION_IDLE_MS,
    },
  });
}
