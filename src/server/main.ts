import { loadConfig } from "./config";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { prepareDatabase } from "./db/prepare";
import { isOperatorError } from "./lib/operator-error";

/** Reads config from the environment, migrates, seeds when asked, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.waitUntilReachable({ giveUpAfterMs: config.databaseStartWaitMs, onRetry: (line) => console.error(line) });
    // Instances started together on an empty database take turns: the first migrates and creates the
    // first admin or the demo data, the others find them there.
    await database.exclusively(async (session) => {
      await session.migrate();
      await prepareDatabase(session.db, config);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp(config, { database });

  let stopping = false;
  const shutdown = async (signal: string, drainMs: number) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainMs }, "shutting down");
    // The drain: /api/health/ready answers 503 from now on, while every request (in flight and new)
    // is still served, until the load balancer has seen it and stopped sending us any.
    app.readiness.beginDrain();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // close() stops accepting connections and waits for in-flight requests before onClose hooks run.
    await app.close();
    await database.close();
    process.exit(0);
  };
  // SIGTERM is how orchestrators and service managers stop us; Ctrl-C (SIGINT) in a terminal has no
  // load balancer to wait for.
  process.on("SIGTERM", () => void shutdown("SIGTERM", config.shutdownDrainMs));
  process.on("SIGINT", () => void shutdown("SIGINT", 0));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  // A configuration that cannot work is the operator's to fix: say what to do, without a stack trace.
  console.error(isOperatorError(error) ? error.message : error);
  process.exit(1);
});
