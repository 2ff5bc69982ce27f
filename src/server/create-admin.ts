import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline/promises";
import { NewPasswordSchema } from "@/common/schemas/auth";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createUsersRepository } from "./modules/auth/auth.repository";
import { hashPassword } from "./modules/auth/passwords";

// `npm run create-admin -- <username> "<name>"`; the password is read from ADMIN_PASSWORD or asked for.
async function createAdmin() {
  const [username = process.env.ADMIN_USERNAME, name = "Administratör"] = process.argv.slice(2);
  if (!username) throw new Error('Användning: npm run create-admin -- <användarnamn> ["Namn"]');
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    const rl = createInterface({ input: stdin, output: stdout });
    password = await rl.question("Lösenord: ");
    rl.close();
  }
  const valid = NewPasswordSchema.safeParse(password);
  if (!valid.success) throw new Error(valid.error.issues[0].message);
  const database = await openDatabase(loadConfig());
  await database.migrate();
  const users = createUsersRepository(database.db);
  if (await users.findByUsername(username)) throw new Error(`Användaren ${username} finns redan`);
  await users.create({ username, name, role: "admin", passwordHash: await hashPassword(valid.data) });
  await database.close();
  console.log(`Administratören ${username} skapades.`);
}

createAdmin().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
