import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { onFreePort } from "../../scripts/server-command.mjs";
import { DEMO_PASSWORD } from "../../seed";
import { type App, buildApp } from "../../server/app";
import { type Config, loadConfig } from "../../server/config";
import type { Db } from "../../server/db";
import { mailOutbox, projects, users } from "../../server/db/schema";

/**
 * The integration harness: the real app (buildApp) on a fresh, seeded
 * database, listening on a real port. PGlite in a temp DATA_DIR by default;
 * with TEST_DB=postgres, a database of its own on TEST_DATABASE_URL's cluster.
 * Either is a copy of the template the suite's global setup migrated and
 * seeded once (./template-database.ts).
 */

export const TEST_SECRET = "test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
export const dbKind: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export type TestServer = {
  url: string;
  config: Config;
  app: App;
  db: Db;
  /** A fresh cookie-jar client for this server. */
  client(): Client;
  /** A client signed in as `email` (demo password unless given). */
  signIn(email: string, password?: string): Promise<Client>;
  close(): Promise<void>;
};

/** Creates a database on the test cluster, a copy of the suite's seeded template (./template-database.ts); returns its URL and a drop function. */
async function createPostgresDatabase(): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
        await client.query(`drop database if exists ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

type StartOptions = {
  sharing?: TestServer;
  logStream?: NodeJS.WritableStream;
  /** Serve the built front end too (pages, shell, server renderers): for the files about pages. */
  client?: boolean;
};

/**
 * `sharing`: a second server process's stand-in, on the same PostgreSQL
 * database as another test server (no new database, no seed, nothing dropped).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  return onFreePort((port) => startTestServerOn(port, overrides, options));
}

async function startTestServerOn(port: number, overrides: Partial<Config>, options: StartOptions): Promise<TestServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ls-test-"));
  const shared = options.sharing?.config.databaseUrl;
  if (dbKind === "pglite") cpSync(inject("pgliteTemplate"), path.join(dataDir, "pglite"), { recursive: true });
  if (options.sharing && !shared) throw new Error("only servers on PostgreSQL can share a database");
  const postgres = dbKind === "postgres" && !shared ? await createPostgresDatabase() : undefined;

  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: shared ?? postgres?.databaseUrl,
      AUTH_SECRET: TEST_SECRET,
      AUTH_RATE_LIMIT: "1000",
      WRITE_RATE_LIMIT: "100000",
      LOG_LEVEL: "silent",
    }),
    ...overrides,
  };

  let app: App | undefined;
  try {
    app = await buildApp({ config, logger: false, logStream: options.logStream, client: options.client ?? false });
    await app.server.listen({ port, host: "127.0.0.1" });
  } catch (error) {
    await app?.server.close().catch(() => {});
    await postgres?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started = app;

  return {
    url,
    config,
    app: started,
    db: started.database.db,
    client: () => client(url),
    async signIn(email, password = DEMO_PASSWORD) {
      const signedIn = client(url);
      const response = await signedIn.request("POST", "/api/auth/sign-in/email", { email, password });
      if (response.status !== 200) {
        throw new Error(`sign-in as ${email} failed: ${response.status} ${JSON.stringify(response.json)}`);
      }
      return signedIn;
    },
    async close() {
      await started.server.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ClientResponse = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies.
  json: any;
  text: string;
  headers: Headers;
};

export type RequestOptions = {
  /** Origin header for non-GET requests: APP_URL by default, null to send none. */
  origin?: string | null;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
};

export type Client = {
  baseUrl: string;
  /** The cookie header this client sends (for WebSockets and replays). */
  cookieHeader(): string;
  setCookieHeader(header: string): void;
  /** `body`: an object is sent as JSON, a string is sent as-is with content-type application/json. */
  request(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<ClientResponse>;
};

/** A tiny fetch client with a cookie jar, sending Origin like a browser on our own pages. */
export function client(baseUrl: string): Client {
  const jar = new Map<string, string>();
  const store = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq === -1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", val = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(val) <= 0;
        if (key.toLowerCase() === "expires") return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  return {
    baseUrl,
    cookieHeader,
    setCookieHeader(header) {
      jar.clear();
      for (const part of header.split(";")) {
        const eq = part.indexOf("=");
        if (eq !== -1) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
      }
    },
    async request(method, path, body, options = {}) {
      const headers: Record<string, string> = { accept: "application/json", ...options.headers };
      const cookies = cookieHeader();
      if (cookies) headers.cookie = cookies;
      const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
      if (method !== "GET" && method !== "HEAD" && origin !== null) headers.origin = origin;
      let payload: string | undefined;
      if (body !== undefined) {
        payload = typeof body === "string" ? body : JSON.stringify(body);
        headers["content-type"] ??= "application/json";
      }
      const response = await fetch(new URL(path, baseUrl), {
        method,
        headers,
        body: payload,
        redirect: options.redirect ?? "manual",
      });
      store(response.headers);
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, json, text, headers: response.headers };
    },
  };
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** A person's id, by e-mail. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The id of the seeded client's project in the "active" status (each demo client has one). */
export async function activeProjectId(db: Db, clientEmail: string): Promise<string> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .where(and(eq(users.email, clientEmail), eq(projects.status, "active")));
  if (!row) throw new Error(`The seed has no active project for ${clientEmail}`);
  return row.id;
}

/** Mails sent to `to`, newest first. */
export async function outbox(db: Db, to: string): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** Resolves with `value` after `ms`. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
