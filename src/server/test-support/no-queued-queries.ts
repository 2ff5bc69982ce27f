import pg from "pg";
import { afterEach, expect } from "vitest";

// A query sent on a node-postgres client while it is still busy with another is queued by pg 8 with
// a deprecation warning printed once per process (pg 8 warns from the third query on); pg 9 removes
// that queueing. It happens when code runs queries side by side (Promise.all) inside a transaction, whose
// one connection takes one query at a time. This setup file (server project; only the PostgreSQL
// pass uses node-postgres) records every query sent while its client is busy, with where it was sent
// from, and fails the test that sent it.

type QueuedQuery = { sql: string; stack: string };
/** pg's own fields (lib/client.js): the query under way, and those waiting for it. */
type BusyClient = pg.Client & { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };

/** Set on pg's Client once per worker: test files share the worker's modules (isolate: false). */
const RECORDED = Symbol.for("vps.queries-sent-while-busy");
type Recording = { [RECORDED]?: QueuedQuery[] };

function recordQueriesSentWhileBusy(): QueuedQuery[] {
  const queued: QueuedQuery[] = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function queryRecordingBusy(this: BusyClient, ...args: unknown[]) {
    const busy = this._activeQuery != null || (this._queryQueue?.length ?? 0) > 0;
    if (busy && !this.pipeline) {
      const sql = typeof args[0] === "string" ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? "");
      queued.push({ sql: sql.slice(0, 120), stack: new Error().stack ?? "" });
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return queued;
}

const prototype = pg.Client.prototype as typeof pg.Client.prototype & Recording;
const queued = (prototype[RECORDED] ??= recordQueriesSentWhileBusy());

afterEach(() => {
  const found = queued.splice(0);
  expect(
    found.map((q) => `${q.sql}\n${q.stack}`),
    "queries sent on a client busy with another (side by side in a transaction?)",
  ).toEqual([]);
});
