/**
 * Makes a member an admin, creating them first when they don't exist:
 *   npm run create-admin -- <username> <email> <displayName>
 * The password is read from ADMIN_PASSWORD, or asked for on the terminal.
 */
import path from "node:path";
import readline from "node:readline/promises";
import { sql } from "kysely";
import { passwordSchema } from "../src/shared/contracts/auth";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import { migrateToLatest } from "../src/server/db/migrate";
import { hashPassword } from "../src/server/modules/auth/auth.service";

async function main() {
  const [username, email, ...nameParts] = process.argv.slice(2);
  if (!username) {
    console.error("usage: npm run create-admin -- <username> [email] [display name]");
    process.exit(2);
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, "platform.db") });
  await migrateToLatest(database);
  const { db } = database;
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower("username")`, "=", username.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", existing.id).execute();
    console.log(`${username} is now an admin.`);
  } else {
    if (!email) {
      console.error("A new admin needs an email: npm run create-admin -- <username> <email> [display name]");
      process.exit(2);
    }
    let password = process.env.ADMIN_PASSWORD;
    if (!password) {
      const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
      password = await rl.question("Password: ");
      rl.close();
    }
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) {
      console.error(checked.error.issues[0]?.message ?? "The password is not acceptable.");
      process.exit(2);
    }
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        username,
        email,
        displayName: nameParts.join(" ") || username,
        passwordHash: await hashPassword(checked.data),
        bio: null,
        profileImageUrl: null,
        accountType: "free",
        role: "admin",
        createdAt: now,
        passwordChangedAt: now,
      })
      .execute();
    console.log(`Created admin ${username}.`);
  }
  await database.close();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
