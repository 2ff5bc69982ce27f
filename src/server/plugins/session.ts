import { createHash, randomBytes } from "node:crypto";
import cookie from "@fastify/cookie";
import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Role } from "@/common/constants";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";

export type SessionUser = { id: number; name: string; username: string; role: Role };

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in user, read from the database on this request (null: anonymous). */
    user: SessionUser | null;
    /** Hash of this request's session id, when it has one. */
    sessionIdHash: string | null;
  }
}

export const SESSION_COOKIE = "vps.sid";
/** The cookie is only ever needed by the API; static files and pages never see it. */
const COOKIE_PATH = "/api";
/** Idle timeout: a session unused for 12 hours ends. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A session ends a week after login however active it is (and the cookie with it). */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The stored expiry is pushed forward at most once a minute, so reads stay cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Server-side sessions. The cookie carries 256 random bits; the database keeps only their SHA-256.
 * Nothing here ever writes a session row back: a session is created by an INSERT at login, its
 * expiry is pushed by an UPDATE that matches only a live row, and logout or a password change
 * DELETEs it, so a request still in flight can never bring an ended session back. Because the
 * token is random there is no signing secret to share between app instances.
 */
export function createSessionStore(db: Db) {
  // Every staff request reads its session: prepared once per connection rather than planned each time.
  const liveSession = db
    .select({ id: users.id, name: users.name, username: users.username, role: users.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("idHash")),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`),
      ),
    )
    .limit(1)
    .prepare("session_live");

  return {
    /** Starts a session for the user; returns the token for the cookie. */
    async create(userId: number): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_IDLE_MS) });
      return token;
    },

    /** The live session of a token with its user as the database says now (role, existence). */
    async load(token: string): Promise<{ idHash: string; user: SessionUser; expiresAt: Date } | null> {
      const idHash = hashToken(token);
      const [row] = await liveSession.execute({ idHash });
      if (!row) return null;
      const { expiresAt, ...user } = row;
      return { idHash, user, expiresAt };
    },

    /** Pushes the idle expiry forward; matches only a live row, so it cannot resurrect an ended one. */
    async touch(idHash: string) {
      await db
        .update(sessions)
        .set({ expiresAt: sql`now() + make_interval(secs => ${SESSION_IDLE_MS / 1000})` })
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`)));
    },

    async destroy(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    /** Ends every session of a user, except `keepIdHash` when given (password change). */
    async destroyAllOf(userId: number, keepIdHash?: string) {
      await db.delete(sessions).where(keepIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)) : eq(sessions.userId, userId));
    },

    /** Removes ended sessions (scheduled). */
    async purgeExpired() {
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.createdAt, sql`now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`)));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

export type Sessions = {
  store: SessionStore;
  /** Logs the user in on this response: a new session (a fresh id defeats fixation) and its cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
  /** Ends this request's session and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    sessions: Sessions;
  }
  interface FastifyContextConfig {
    /** false: the route never reads the session (health probes answer without the database). */
    session?: boolean;
  }
}

/**
 * Reads the session of every /api request from its cookie (one query joining the user) and never
 * touches other requests. Set-Cookie is only sent when a session starts or ends.
 */
export async function registerSession(app: FastifyInstance, options: { db: Db; production: boolean }) {
  const store = createSessionStore(options.db);
  await app.register(cookie);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionIdHash", null);

  const cookieOptions = { httpOnly: true, sameSite: "lax" as const, secure: options.production, path: COOKIE_PATH };

  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/") || request.routeOptions.config.session === false) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !TOKEN_PATTERN.test(token)) return;
    const session = await store.load(token);
    if (!session) return;
    request.user = session.user;
    request.sessionIdHash = session.idHash;
    if (session.expiresAt.getTime() - Date.now() < SESSION_IDLE_MS - TOUCH_INTERVAL_MS) await store.touch(session.idHash);
  });

  const sessionsApi: Sessions = {
    store,
    async start(request, reply, userId) {
      if (request.sessionIdHash) await store.destroy(request.sessionIdHash);
      const token = await store.create(userId);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_MAX_AGE_MS / 1000 });
    },
    async end(request, reply) {
      if (request.sessionIdHash) await store.destroy(request.sessionIdHash);
      request.user = null;
      request.sessionIdHash = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };
  app.decorate("sessions", sessionsApi);
}
