import { randomUUID } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { PASSWORD_POLICY_MESSAGE, passwordMeetsPolicy } from "../common/domain";
import { emailSchema, fullNameSchema } from "../common/schemas";
import { DEMO_PASSWORD, DEMO_USERS, publishCatalogue, resetDatabase, seedDatabase } from "../seed";
import { LARGE_PASSWORD, seedLarge } from "../seed/large";
import { loadConfig, StartupError } from "../server/config";
import { openDatabase } from "../server/db";
import { backupDatabase, restoreDatabase } from "../server/db/backup";
import { lockDataDir } from "../server/db/lock";
import { accounts, auditLog, users } from "../server/db/schema";

/**
 * Maintenance commands: `seed` (reset to demo data), `create-admin`, `publish-catalogue` (the spec's
 * plans and services on a database with none), `backup [FILE]`, `restore FILE` and `seed-large` (the
 * large data set on PostgreSQL).
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "seed-large") return generateLarge(args);
  // Every command names its database as seed-large does: --database-url, else DATABASE_URL, else DATA_DIR.
  const databaseUrl = option(args, "database-url");
  const config = loadConfig(databaseUrl === undefined ? process.env : { ...process.env, DATABASE_URL: databaseUrl });
  const [file] = positionals(args);
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    if (command === "seed") {
      if (config.env === "production") throw new StartupError("Refusing to seed: NODE_ENV=production");
      await resetDatabase(database.db);
      await seedDatabase(database.db);
      console.log(`Database reset with demo data. Password for every demo account: ${DEMO_PASSWORD}`);
      for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(9)} ${user.email}`);
    } else if (command === "create-admin") {
      await createAdmin(database.db, args);
    } else if (command === "publish-catalogue") {
      const published = await publishCatalogue(database.db);
      console.log(
        [
          published.plans ? `Published ${published.plans} plans.` : "Plans: left as they are (the database has plans).",
          published.services
            ? `Published ${published.services} services.`
            : "Services: left as they are (the database has services).",
        ].join("\n"),
      );
    } else if (command === "backup") {
      const target = path.resolve(file ?? `lagos-studio-${new Date().toISOString().replaceAll(":", "-")}.backup.gz`);
      const counts = await backupDatabase(database.db, target);
      console.log(`Backup written to ${target}: ${describeCounts(counts)}`);
    } else if (command === "restore") {
      if (!file) throw new StartupError("Name the backup to restore: npm run restore -- FILE");
      const counts = await restoreDatabase(database.db, path.resolve(file));
      console.log(`Restored ${describeCounts(counts)}`);
    } else {
      throw new StartupError(
        `Unknown command "${command ?? ""}": use seed, seed-large, create-admin, publish-catalogue, backup or restore`,
      );
    }
  } finally {
    await database.close();
    release();
  }
}

/** `npm run seed:large -- --database-url URL [--seed N] [--scale F] [--force]`: never on PGlite, never in production. */
async function generateLarge(args: string[]) {
  if (process.env.NODE_ENV === "production") throw new StartupError("Refusing to generate data: NODE_ENV=production");
  const databaseUrl = option(args, "database-url") ?? process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith("postgres")) {
    throw new StartupError(
      "The large data set is for PostgreSQL, not the embedded database: npm run seed:large -- --database-url postgres://…",
    );
  }
  const seed = Number(option(args, "seed") ?? "1");
  const scale = Number(option(args, "scale") ?? "1");
  if (!Number.isSafeInteger(seed)) throw new StartupError("--seed must be an integer");
  if (!(scale > 0 && scale <= 10)) throw new StartupError("--scale must be a number above 0, at most 10");
  const database = await openDatabase({ databaseUrl, dataDir: "" });
  try {
    const result = await seedLarge(database, { seed, scale, force: args.includes("--force") }).catch((error: Error) => {
      throw new StartupError(error.message);
    });
    console.log(`Large data set (seed ${seed}, scale ${scale}) generated in ${result.seconds} s:`);
    for (const [name, count] of Object.entries(result.counts)) console.log(`  ${name.padEnd(22)} ${count}`);
    console.log(`Password for every generated account: ${LARGE_PASSWORD}`);
    for (const [role, email] of Object.entries(result.accounts)) console.log(`  ${role.padEnd(9)} ${email}`);
    console.log(`  big thread: project ${result.ids.bigProject}`);
  } finally {
    await database.close();
  }
}

function describeCounts(counts: Record<string, number>): string {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return `${total} rows in ${Object.keys(counts).length} tables`;
}

/** The arguments that are neither an option (`--name value`) nor an option's value. */
function positionals(args: string[]): string[] {
  return args.filter((arg, index) => !arg.startsWith("--") && !args[index - 1]?.startsWith("--"));
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}

async function createAdmin(db: Awaited<ReturnType<typeof openDatabase>>["db"], args: string[]) {
  const ask = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  const read = async (name: string, env: string, question: string) =>
    option(args, name) ?? process.env[env] ?? (ask ? await ask.question(question) : undefined);
  try {
    const email = emailSchema.safeParse(await read("email", "ADMIN_EMAIL", "Administrator e-mail: "));
    if (!email.success) throw new StartupError("A valid e-mail is required (--email or ADMIN_EMAIL)");
    const name = fullNameSchema.safeParse(await read("name", "ADMIN_NAME", "Full name: "));
    if (!name.success) throw new StartupError("A full name is required (--name or ADMIN_NAME)");
    const password = (await read("password", "ADMIN_PASSWORD", "Password: ")) ?? "";
    if (!passwordMeetsPolicy(password)) throw new StartupError(PASSWORD_POLICY_MESSAGE);

    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.data));
    if (existing) throw new StartupError(`A user with e-mail ${email.data} already exists`);
    const id = randomUUID();
    const hash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email: email.data, fullName: name.data, role: "admin", emailVerified: true });
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash });
      await tx.insert(auditLog).values({
        actorId: null,
        action: "create",
        entity: "user",
        entityId: id,
        details: { role: "admin", via: "create-admin" },
      });
    });
    console.log(`Administrator ${email.data} created.`);
  } finally {
    ask?.close();
  }
}

main().catch((error) => {
  console.error(error instanceof StartupError ? `Error: ${error.message}` : error);
  process.exit(1);
});
