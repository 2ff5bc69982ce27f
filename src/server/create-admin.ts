import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline/promises";
import { loadConfig } from "./config";
import { DataDirInUseError, openDatabase, type Database } from "./db/client";
import { createUsersRepository } from "./modules/auth/auth.repository";
import { hashPassword } from "./modules/auth/passwords";
import { passwordProblem } from "./modules/auth/password-rules";
import { createSettingsService } from "./modules/settings/settings.service";
import { createSettingsRepository } from "./modules/settings/settings.repository";

const text = {
  usage: 'Användning: npm run create-admin -- <användarnamn> ["Namn"]',
  passwordPrompt: "Lösenord: ",
  // PGlite is a single-process database: writing beside a running server loses data (issue 6, point 9).
  dataDirInUse: (dataDir: string) =>
    `Datamappen ${dataDir} används av en körande server, och två processer i samma datamapp förlorar data. ` +
    "Stoppa servern först och kör kommandot igen, eller logga in som administratör och skapa användaren under Användare.",
  exists: (username: string) => `Användaren ${username} finns redan`,
  created: (username: string) => `Administratören ${username} skapades.`,
};

// `npm run create-admin -- <username> "<name>"`; the password is read from ADMIN_PASSWORD or asked for.
// With DATABASE_URL it works while servers run; on the embedded database the server must be stopped.
async function createAdmin() {
  const config = loadConfig();
  const [username = config.adminUsername, name = "Administratör"] = process.argv.slice(2);
  if (!username) throw new Error(text.usage);
  let password = config.adminPassword;
  if (!password) {
    const rl = createInterface({ input: stdin, output: stdout });
    password = await rl.question(text.passwordPrompt);
    rl.close();
  }
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new Error(text.dataDirInUse(error.dataDir), { cause: error });
    throw error;
  }
  // Closing flushes the embedded database and releases DATA_DIR, whatever happens in between.
  try {
    await database.migrate();
    const users = createUsersRepository(database.db);
    if (await users.findByUsername(username)) throw new Error(text.exists(username));
    // The rule of every account (rules §5 and zxcvbn), with the company's name as a known word.
    const { companyName } = await createSettingsService(createSettingsRepository(database.db), { cacheMs: 0 }).get();
    const problem = passwordProblem(password, { username, name, companyName });
    if (problem) throw new Error(problem);
    await users.create({ username, name, role: "admin", passwordHash: await hashPassword(password) });
  } finally {
    await database.close();
  }
  console.log(text.created(username));
}

// A sentence for the operator, never a stack trace.
createAdmin().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
