import { createServer, connect, type Server, type Socket } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { addDays, bookableDatesInRange, bookableSlots, todayIn } from "@/common/booking-rules";
import { buildApp } from "./app";
import { openDatabase, type Database } from "./db/client";
import { isDatabaseUnavailable } from "./db/errors";
import { bookingPayload, NOW } from "./test-support/booking-fixtures";
import { startMain } from "./test-support/main-process";
import { cleanupAfterEach, emptyPostgresDatabase } from "./test-support/scratch";
import { freePort } from "./test-support/smtp";
import { SAME_ORIGIN, createUser, testConfig } from "./test-support/test-app";

// Running the server as operators do (issue 22, points 10-13): starting beside a database that is not
// up yet, several instances starting at once, connections lost and locks held while it serves.
// Several instances, lost connections and other sessions' locks exist only with PostgreSQL (the
// embedded database is one connection inside one process), so those tests are registered in the
// PostgreSQL suite (TEST_DATABASE_URL), which CI always runs.

const defer = cleanupAfterEach();
const serverUrl = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = { message: "Tjänsten är tillfälligt otillgänglig. Försök igen om en liten stund." };

// Nobody listens on the port: refused, or, for an attempt cut short by the remaining wait on a busy
// machine, node-postgres's connect timeout; both are "not reachable now".
const ATTEMPT =
  /^Databasen i DATABASE_URL \(postgres:\/\/app@127\.0\.0\.1:\d+\/vps\) svarar inte \((ECONNREFUSED|timeout expired)\), försök \d+; nytt försök om \d\.\d s\.$/;

/** A TCP proxy on `port` to PostgreSQL: the database "comes up" when it starts listening. */
async function forwardTo(port: number, target: URL): Promise<Server> {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => socket.destroy());
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  defer(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  );
  return proxy;
}

describe("starting while the database cannot be reached", () => {
  it(
    "tries again with backoff, one line per attempt, then exits 1 with one sentence naming DATABASE_URL without its password",
    { timeout: 60_000 },
    async () => {
      const port = await freePort(); // nobody listens there
      const server = await startMain({ DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/vps`, DATABASE_START_WAIT_MS: "2000" });
      defer(() => server.stop());
      expect(await server.exited).toBe(1);

      const lines = server.output().trim().split("\n");
      const attempts = lines.slice(0, -1);
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      for (const line of attempts) expect(line).toMatch(ATTEMPT);
      expect(attempts.map((line) => Number(/försök (\d+)/.exec(line)![1]))).toEqual(attempts.map((_, i) => i + 1));
      expect(
        [`ECONNREFUSED`, `timeout expired`].map(
          (reason) =>
            `Databasen i DATABASE_URL (postgres://app@127.0.0.1:${port}/vps) svarade inte på 2 s (${reason}); kontrollera att PostgreSQL körs och att DATABASE_URL stämmer.`,
        ),
      ).toContain(lines.at(-1));
      expect(server.output()).not.toContain("s3cret-pw");
    },
  );

  if (serverUrl)
    it("comes up by itself once the database answers", { timeout: 120_000 }, async () => {
      const scratch = await emptyPostgresDatabase(serverUrl!, "vps_later");
      defer(() => scratch.drop());
      const port = await freePort();
      const target = new URL(scratch.url);
      const proxied = new URL(scratch.url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      const server = await startMain({ DATABASE_URL: proxied.toString(), DATABASE_START_WAIT_MS: "60000" });
      defer(() => server.stop());

      await server.waitForOutput(/svarar inte \(ECONNREFUSED\), försök 1;/);
      await forwardTo(port, target);
      await server.serving();
      expect((await fetch(`${server.url}/api/public/config`)).status).toBe(200);
    });
});

/** Rows of one query on `url`, on a connection of its own. */
async function rowsOf<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

if (serverUrl)
  describe("four instances started at the same moment on an empty database", () => {
    // [configuration, environment, the users there must be afterwards, an admin's login]
    const configurations: [string, Record<string, string>, string[], { username: string; password: string } | null][] = [
      ["with demo data (SEED_DEMO=1)", { SEED_DEMO: "1" }, ["admin", "sara", "tekniker"], { username: "admin", password: "Admin1234" }],
      [
        "with a first admin (ADMIN_USERNAME)",
        { ADMIN_USERNAME: "chef", ADMIN_PASSWORD: "Kanelbulle-Fjäll-9" },
        ["chef"],
        { username: "chef", password: "Kanelbulle-Fjäll-9" },
      ],
      ["with neither", {}, [], null],
    ];

    it.each(configurations)("all serve %s, the first-run data and the job queues made once", { timeout: 240_000 }, async (_name, env, users, admin) => {
      const scratch = await emptyPostgresDatabase(serverUrl!, "vps_together");
      defer(() => scratch.drop());
      const instances = await Promise.all([1, 2, 3, 4].map(() => startMain({ DATABASE_URL: scratch.url, LOG_LEVEL: "error", ...env })));
      for (const instance of instances) defer(() => instance.stop());

      await Promise.all(instances.map((instance) => instance.serving()));
      for (const instance of instances) {
        expect(instance.child.exitCode, instance.output()).toBeNull();
        expect((await fetch(`${instance.url}/api/public/config`)).status).toBe(200);
      }
      // The queues exist once the workers have started, which is before the server listens.
      expect((await rowsOf<{ username: string }>(scratch.url, "select username from users order by username")).map((u) => u.username)).toEqual(users);
      const queues = await rowsOf<{ name: string }>(scratch.url, "select name from pgboss.queue where name not like '\\_\\_%' order by name");
      expect(queues.map((q) => q.name)).toEqual([
        "agreement-visits",
        "invoice-reminders",
        "nightly-backup",
        "outbox-sweep",
        "purge-expired",
        "service-reminders",
        "visit-reminders",
      ]);
      if (admin) {
        for (const instance of instances) {
          const login = await fetch(`${instance.url}/api/auth/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ ...admin, role: "admin" }),
          });
          expect(login.status).toBe(200);
        }
      }
    });
  });

/** Free visits far enough ahead to book publicly from the real today (the server's clock is real). */
function freeVisits(count: number): { date: string; timeSlot: string }[] {
  const today = todayIn(new Date());
  const visits: { date: string; timeSlot: string }[] = [];
  for (const date of bookableDatesInRange("hembesok", addDays(today, 4), addDays(today, 70), today)) {
    // At most six a day: the default day limit is eight.
    for (const slot of bookableSlots("hembesok", date, today).slice(0, 6)) visits.push({ date, timeSlot: slot.label });
  }
  if (visits.length < count) throw new Error(`only ${visits.length} free visits`);
  return visits.slice(0, count);
}

type Answer = { kind: "booking" | "protocol" | "login" | "read"; status: number; body: { id?: number; message?: string }; retryAfter: string | null };

if (serverUrl)
  describe("a lost database connection", () => {
    it("never kills the process: requests in flight answer 503 in Swedish with Retry-After, and the app recovers by itself", { timeout: 240_000 }, async () => {
      const scratch = await emptyPostgresDatabase(serverUrl!, "vps_connloss");
      defer(() => scratch.drop());
      const server = await startMain({
        DATABASE_URL: scratch.url,
        DATABASE_POOL_SIZE: "6",
        ADMIN_USERNAME: "chef",
        ADMIN_PASSWORD: "Kanelbulle-Fjäll-9",
        BOOKINGS_PER_ADDRESS_PER_HOUR: "100000",
        BOOKINGS_PER_EMAIL_PER_DAY: "100000",
        ACTIVE_BOOKINGS_PER_EMAIL: "100000",
      });
      defer(() => server.stop());
      await server.serving();
      // Also proves that the server's own pg-boss worker and outbox lose their connections harmlessly.
      const setup = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
      await createUser(setup, { username: "tekla", password: "Tekla12345", role: "technician" });
      await setup.close();

      const origin = { origin: server.url, "content-type": "application/json" };
      const post = async (kind: Answer["kind"], path: string, body: unknown, cookie?: string): Promise<Answer> => {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          headers: { ...origin, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        }).catch((error: unknown) => {
          throw new Error(`no answer to ${kind} (the server exited: ${server.child.exitCode}):\n${server.output().slice(-3000)}`, { cause: error });
        });
        return { kind, status: response.status, body: (await response.json()) as Answer["body"], retryAfter: response.headers.get("retry-after") };
      };
      const login = () => post("login", "/api/auth/login", { username: "tekla", password: "Tekla12345", role: "technician" });
      const first = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: origin,
        body: JSON.stringify({ username: "tekla", password: "Tekla12345", role: "technician" }),
      });
      expect(first.status).toBe(200);
      const cookie = first.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");

      const visits = freeVisits(5 * 8 + 1);
      let n = 0;
      const booking = () => {
        const visit = visits[n++];
        return post("booking", "/api/bookings", bookingPayload({ serviceType: "hembesok", heatpumpModel: "", ...visit, email: `kund${n}@exempel.se` }));
      };
      const protocol = () =>
        post(
          "protocol",
          "/api/technician/protocols",
          {
            installationDate: "2026-11-20",
            customerName: "Åsa Öberg",
            customerEmail: "asa@exempel.se",
            installationAddress: "Björkvägen 3, 741 30 Knivsta",
            installedBrand: "Nibe",
          },
          cookie,
        );
      const read = async (): Promise<Answer> => {
        const response = await fetch(`${server.url}/api/technician/protocols`, { headers: { cookie } });
        return { kind: "read", status: response.status, body: (await response.json()) as Answer["body"], retryAfter: response.headers.get("retry-after") };
      };

      const killer = new pg.Client({ connectionString: scratch.url });
      await killer.connect();
      defer(() => killer.end());
      const terminateEveryAppConnection = async () => {
        const { rows } = await killer.query<{ killed: number }>(
          "select count(pg_terminate_backend(pid))::int as killed from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        return rows[0].killed;
      };

      const appWaitsForLock = async () =>
        (await killer.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'"))
          .rows[0].n > 0;

      const answers: Answer[] = [];
      for (let round = 0; round < 5; round++) {
        // Every other round, bookings are held inside their transactions by a lock on the table, so some
        // requests surely lose their connection mid-write; the other rounds cut wherever they are.
        const holdBookings = round % 2 === 0;
        if (holdBookings) await killer.query("BEGIN; LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE");
        const inFlight = [
          booking(),
          booking(),
          protocol(),
          login(),
          booking(),
          read(),
          booking(),
          protocol(),
          booking(),
          login(),
          booking(),
          protocol(),
          booking(),
          read(),
          booking(),
        ];
        if (holdBookings) while (!(await appWaitsForLock())) await new Promise((resolve) => setTimeout(resolve, 20));
        else await Promise.race(inFlight);
        expect(await terminateEveryAppConnection()).toBeGreaterThan(0);
        if (holdBookings) await killer.query("ROLLBACK");
        answers.push(...(await Promise.all(inFlight)));
        expect(server.child.exitCode).toBeNull();
      }

      for (const answer of answers) {
        expect([2, 4].includes(Math.floor(answer.status / 100)) || answer.status === 503, JSON.stringify(answer)).toBe(true);
        if (answer.status === 503) {
          expect(answer.body).toEqual(UNAVAILABLE);
          expect(answer.retryAfter).toMatch(/^\d+$/);
        }
      }
      expect(answers.some((a) => a.status === 503)).toBe(true);

      // Every booking the app acknowledged is in the database.
      const acknowledged = answers.filter((a) => a.kind === "booking" && a.status === 201).map((a) => a.body.id);
      const { rows } = await killer.query<{ id: number }>("select id from bookings");
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(acknowledged));

      // Afterwards everything works again, without a restart.
      expect((await booking()).status).toBe(201);
      expect((await protocol()).status).toBe(201);
      expect((await login()).status).toBe(200);
      expect((await read()).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    });
  });

/** A migrated scratch database opened with short timeouts (a lock wait of 300 ms, a statement of 2 s), and the pool size when given. */
async function shortTimeoutDatabase({ databasePoolSize }: { databasePoolSize?: number } = {}): Promise<{ database: Database; url: string }> {
  const scratch = await emptyPostgresDatabase(serverUrl!, "vps_timeouts");
  defer(() => scratch.drop());
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: null,
    databasePoolSize,
    databaseTimeouts: { statementMs: 2_000, lockMs: 300, acquireMs: 3_000 },
  });
  defer(() => database.close());
  await database.migrate();
  return { database, url: scratch.url };
}

if (serverUrl)
  describe("nothing waits for ever on the database", () => {
    it("a booking stuck behind a locked bookings table answers 503 in Swedish; logins and other routes keep answering", async () => {
      const { database, url } = await shortTimeoutDatabase();
      const app = await buildApp(testConfig(), { database, now: () => NOW });
      defer(() => app.close());
      await createUser(database, { username: "chef", password: "Kanelbulle-Fjäll-9", role: "admin" });

      // Another session (a long migration, an operator's query) holds the table.
      const lockedBy = new pg.Client({ connectionString: url });
      await lockedBy.connect();
      defer(() => lockedBy.end());
      await lockedBy.query("BEGIN");
      await lockedBy.query("LOCK TABLE bookings IN ACCESS EXCLUSIVE MODE");

      // More stuck bookings than the pool has connections (10): the login and the public settings still
      // get a connection as the bookings give theirs up.
      const bookings = Array.from({ length: 12 }, (_, i) =>
        app.inject({ method: "POST", url: "/api/bookings", headers: SAME_ORIGIN, payload: bookingPayload({ email: `kund${i}@exempel.se` }) }),
      );
      const login = app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: SAME_ORIGIN,
        payload: { username: "chef", password: "Kanelbulle-Fjäll-9", role: "admin" },
      });
      const publicConfig = app.inject({ method: "GET", url: "/api/public/config" });

      for (const booking of await Promise.all(bookings)) {
        expect(booking.statusCode).toBe(503);
        expect(booking.json()).toEqual(UNAVAILABLE);
        expect(booking.headers["retry-after"]).toBe("5");
      }
      expect((await login).statusCode).toBe(200);
      expect((await publicConfig).statusCode).toBe(200);
      // All of it happened while the lock was held.
      expect(
        (await lockedBy.query("select count(*)::int as n from pg_locks where relation = 'bookings'::regclass and mode = 'AccessExclusiveLock' and granted"))
          .rows[0].n,
      ).toBe(1);

      await lockedBy.query("ROLLBACK");
      const after = await app.inject({ method: "POST", url: "/api/bookings", headers: SAME_ORIGIN, payload: bookingPayload() });
      expect(after.statusCode, after.body).toBe(201);
    });

    it("cancels a statement that runs past the statement timeout, but not the set-up work (migrations run without it)", async () => {
      const { database } = await shortTimeoutDatabase();
      const slow = await database.sql.executeSql("select pg_sleep(3)").then(
        () => null,
        (error: unknown) => error,
      );
      expect((slow as { code?: string }).code).toBe("57014");
      expect(isDatabaseUnavailable(slow)).toBe(true);
      const settings = async (executeSql: Database["sql"]["executeSql"]) =>
        (await executeSql("select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock")).rows[0];
      expect(await settings(database.sql.executeSql)).toEqual({ statement: "2s", lock: "300ms" });
      expect(await database.exclusively((session) => settings(session.sql.executeSql))).toEqual({ statement: "0", lock: "0" });
    });

    it("a request that gets no connection from the pool in time answers 503", async () => {
      const { database } = await shortTimeoutDatabase({ databasePoolSize: 1 });
      const app = await buildApp(testConfig(), { database, now: () => NOW });
      defer(() => app.close());
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // The pool's one connection is busy until the request has been answered.
      const busy = database.sql.onOneConnection(() => released);
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: SAME_ORIGIN,
        payload: { username: "chef", password: "Kanelbulle-Fjäll-9", role: "admin" },
      });
      release();
      await busy;
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual(UNAVAILABLE);
    });
  });
