import pg from "pg";

// The PostgreSQL database a restore writes into, looked at and (with --force) cleared on a connection
// of its own, before the app's pool exists.

async function onConnection<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {}); // a failed query reports it
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** What the target holds: tables, views or sequences of anyone's, the app's schemas, and other sessions on it. */
export function inspectTarget(databaseUrl: string): Promise<{ empty: boolean; otherSessions: number }> {
  return onConnection(databaseUrl, async (client) => {
    const { rows } = await client.query<{ relations: number; schemas: number; sessions: number }>(`
      select
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
            and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')) as relations,
        (select count(*)::int from pg_namespace where nspname in ('drizzle', 'pgboss')) as schemas,
        (select count(*)::int from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as sessions`);
    const [{ relations, schemas, sessions }] = rows;
    return { empty: relations === 0 && schemas === 0, otherSessions: sessions };
  });
}

/** --force: everything in the app's schemas goes (public is made anew, empty), in one transaction. */
export function clearTarget(databaseUrl: string): Promise<void> {
  return onConnection(databaseUrl, async (client) => {
    await client.query("begin");
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists pgboss cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
    await client.query("commit");
  });
}
