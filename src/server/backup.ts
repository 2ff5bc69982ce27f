import { loadConfig } from "./config";
import { backupCommand } from "./modules/backups/commands";
import { backupText } from "./modules/backups/backups.text";

// `npm run backup -- <file>`: a consistent backup while the app runs (docs/decisions/0010-backups.md).
async function main() {
  const [file] = process.argv.slice(2);
  if (!file || file.startsWith("-")) throw new Error(backupText.backupUsage);
  for (const line of await backupCommand(file, loadConfig())) console.log(line);
}

// A sentence for the operator, never a stack trace.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
