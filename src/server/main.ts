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
    await database.migrate();
    await prepareDatabase(database.db, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp(config, { database });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    // close() stops accepting connections and waits for in-flight requests before onClose hooks run.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  // A configuration that cannot work is the operator's to fix: say what to do, without a stack trace.
  console.error(isOperatorError(error) ? error.message : error);
  process.exit(1);
});
