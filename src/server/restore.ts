import { loadConfig } from "./config";
import { restoreCommand } from "./modules/backups/commands";
import { backupText } from "./modules/backups/backups.text";

// `npm run restore -- <file> [--force]`: into an empty DATA_DIR or database (docs/decisions/0010-backups.md).
async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0].startsWith("-")) throw new Error(backupText.restoreUsage);
  for (const line of await restoreCommand(files[0], loadConfig(), { force })) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
