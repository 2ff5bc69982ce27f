import { openDatabase } from "../db/client";

// Another process that opens DATA_DIR (HOLD_DIR) through openDatabase, as a server does, says "held"
// and keeps it until it is killed (db/client.test.ts). Started from the run's bundle (server-bundle.ts).

await openDatabase({ dataDir: process.env.HOLD_DIR!, lockStaleMs: Number(process.env.HOLD_STALE_MS) });
console.log("held");
setInterval(() => {}, 1000);
