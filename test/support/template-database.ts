import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { seedDatabase } from "../../seed";
import { openDatabase } from "../../server/db";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite data directory that test servers copy (TEST_DB=pglite). */
    pgliteTemplate: string;
    /** A migrated and seeded database on TEST_DATABASE_URL's cluster that test databases are created from. */
    postgresTemplate: string;
  }
}

/**
 * The integration suite's global setup: the database every test server starts
 * from, migrated and seeded once per run instead of once per server (creating
 * a PGlite cluster, applying every migration and hashing the demo passwords
 * took seconds each time, for more than a hundred servers). Test servers copy
 * it (test/support/server.ts): each still has a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === "postgres") return await postgresTemplate(project);
  return await pgliteTemplate(project);
}

/**
 * The PGlite template's directory, made once for the projects of one run that ask for it (the two browser
 * projects: ~8 s of CPU each). Kept on `globalThis`: each project loads its global setup in a module runner of
 * its own, so a module's variable would be one per project. Vitest sets every project up before the run and
 * tears them down after it, so the last teardown removes the directory.
 */
const shared = globalThis as { pgliteTemplate?: { directory: Promise<string>; users: number } };

/** The PGlite template alone: also the browser suite's (e2e/support/global-setup.ts), whose product runs on PGlite. */
export async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  shared.pgliteTemplate ??= { directory: makePgliteTemplate(), users: 0 };
  const template = shared.pgliteTemplate;
  template.users += 1;
  const dir = await template.directory;
  project.provide("pgliteTemplate", path.join(dir, "pglite"));
  return async () => {
    template.users -= 1;
    if (template.users > 0) return;
    if (shared.pgliteTemplate === template) shared.pgliteTemplate = undefined;
    rmSync(dir, { recursive: true, force: true });
  };
}

async function makePgliteTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ls-template-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }
  return dir;
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres");
  const name = `test_template_${randomBytes(6).toString("hex")}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Its own data directory is unused on PostgreSQL (the file store is the database's).
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  try {
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }
  project.provide("postgresTemplate", name);
  return async () => {
    await admin((client) => client.query(`drop database if exists ${name}`));
  };
}
