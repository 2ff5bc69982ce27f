import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline/promises";
import { NewPasswordSchema } from "@/common/schemas/auth";
import { loadConfig } from "./config";
import { DataDirInUseError, openDatabase, type Database } from "./db/client";
import { createUsersRepository } from "./modules/auth/auth.repository";
import { hashPassword } from "./modules/auth/passwords";
import { isCommonPassword } from "./modules/auth/common-passwords";
import { authServerText } from "./modules/auth/auth.text";

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
  const [username = process.env.ADMIN_USERNAME, name = "Administratör"] = process.argv.slice(2);
  if (!username) throw new Error(text.usage);
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    const rl = createInterface({ input: stdin, output: stdout });
    password = await rl.question(text.passwordPrompt);
    rl.close();
  }
  const valid = NewPasswordSchema.safeParse(password);
  if (!valid.success) throw new Error(valid.error.issues[0].message);
  if (isCommonPassword(valid.data)) throw new Error(authServerText.commonPassword);

  let database: Database;
  try {
    database = await openDatabase(loadConfig());
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new Error(text.dataDirInUse(error.dataDir), { cause: error });
    throw error;
  }
  // Closing flushes the embedded database and releases DATA_DIR, whatever happens in between.
  try {
    await database.migrate();
    const users = createUsersRepository(database.db);
    if (await users.findByUsername(username)) throw new Error(text.exists(username));
    await users.create({ username, name, role: "admin", passwordHash: await hashPassword(valid.data) });
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
