import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { parse as parseConnectionString } from "pg-connection-string";
import { z } from "zod";
import type { SocialNetwork } from "../common/domain";

/** Raised for configuration the server cannot start with; bin/main.ts prints only its message. */
export class StartupError extends Error {
  override name = "StartupError";
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/**
 * A PostgreSQL URL as node-postgres reads it (pg-connection-string): a host, or the directory of a
 * Unix socket as `?host=` (`postgres://app@/studio?host=/var/run/postgresql`), whose empty host
 * z.url() refuses. On the same machine the socket skips the TCP stack on both sides: see README,
 * "Running on PostgreSQL".
 */
const postgresUrl = z.string().refine((value) => {
  if (!/^postgres(ql)?:\/\//.test(value)) return false;
  try {
    return Boolean(parseConnectionString(value).host);
  } catch {
    return false;
  }
}, "must be a PostgreSQL URL: postgres://user:password@host:5432/database, or postgres://user@/database?host=/var/run/postgresql for a Unix socket");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(postgresUrl.optional()),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().trim().min(3).default("Lagos Studio <hello@lagos-studio.test>"),
  CONTACT_INBOX: optionalString.pipe(z.email().optional()),
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{8,15}$/, "must be digits only in international format, e.g. 2348012345678")
    .default("2348012345678"),
  CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as NGN")
    .default("NGN"),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Writes (messages, milestones, orders, uploads…) one signed-in person may make per minute. */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Invoice PDFs one signed-in person may download per minute: each is drawn afresh, ~10 ms of the server's time. */
  PDF_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Live sockets one signed-in person may hold open at once (a tab each). */
  LIVE_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** Pushes one live socket may have waiting to be written, in KB, beyond what the system's own buffers hold. */
  LIVE_MAX_BUFFERED_KB: z.coerce.number().int().min(1).default(1024),
  /** Megabytes of project files one person may upload in 24 hours: a full disk would stop the product for everyone. */
  UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).default(1024),
  /** The largest project file one may upload, in bytes (issue #8): 25 MB by default. */
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(25 * 1024 * 1024),
  /** Where project files' content is kept: in the database (the default) or an S3-compatible store. */
  FILE_STORE: z.enum(["database", "s3"]).default("database"),
  /** The S3 API's base URL; by default AWS's for S3_REGION. */
  S3_ENDPOINT: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .refine((value) => {
        const url = new URL(value);
        return !url.username && !url.password && !url.search && !url.hash;
      }, "must be a base URL without credentials, query or fragment (keys go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)")
      .optional(),
  ),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as us-east-1 (or auto)")
    .default("us-east-1"),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens",
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (endpoint/bucket/key) rather than the host name (bucket.endpoint/key). */
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).optional(),
  ),
  /** How often each server process looks for mail to send (the delivery queue and message digests). */
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(5000),
  /** How long a new message waits unread before it is mailed (grouped with what follows). */
  MESSAGE_MAIL_DELAY_MS: z.coerce.number().int().min(0).default(120_000),
  /** How long a connection may send and receive nothing mid-request before it is closed (a body that never comes). */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(90_000),
  /** How long a request may take to arrive whole, body included: 10 minutes carry 25 MB at ~350 kbit/s. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(600_000),
  /**
   * The reverse proxies in front (a TLS terminator), whose X-Forwarded-For names the visitor: how many
   * hops, or their addresses (IPs, CIDR ranges, or loopback, linklocal, uniquelocal), comma-separated.
   * Unset, the server faces the Internet itself and the header is ignored: anyone can write it.
   */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .refine(
        (value) => /^[1-9]\d{0,1}$/.test(value) || value.split(",").every((entry) => isProxyAddress(entry.trim())),
        "must be the number of proxies in front (e.g. 1) or their addresses, comma-separated (e.g. 127.0.0.1,10.0.0.0/8 or loopback); true is refused, as it would believe an X-Forwarded-For any visitor can write",
      )
      .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(",").map((entry) => entry.trim())))
      .optional(),
  ),
  /** Contact enquiries accepted per IP address per 10 minutes. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  SOCIAL_FACEBOOK_URL: optionalString.pipe(z.url({ protocol: /^https$/ }).optional()),
  SOCIAL_INSTAGRAM_URL: optionalString.pipe(z.url({ protocol: /^https$/ }).optional()),
  SOCIAL_X_URL: optionalString.pipe(z.url({ protocol: /^https$/ }).optional()),
  SOCIAL_LINKEDIN_URL: optionalString.pipe(z.url({ protocol: /^https$/ }).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** An address TRUST_PROXY may name: an IP, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const SECRET_VARIABLES = new Set(["AUTH_SECRET", "DATABASE_URL", "SMTP_URL", "S3_ENDPOINT", "S3_SECRET_ACCESS_KEY"]);

/** An S3-compatible store for project files (FILE_STORE=s3). */
export type S3Settings = {
  /** Base URL without a trailing slash. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type FileStoreConfig = { kind: "database" } | ({ kind: "s3" } & S3Settings);

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: string;
  /** APP_URL's origin, and outside production its other loopback spellings (acceptedOrigins). */
  origins: string[];
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  whatsappNumber: string;
  currency: string;
  authRateLimit: number;
  contactRateLimit: number;
  /** Fastify's trustProxy: false (no proxy), the hops, or the proxies' addresses (TRUST_PROXY). */
  trustProxy: false | number | string[];
  writeRateLimit: number;
  pdfRateLimit: number;
  liveSocketsPerUser: number;
  liveMaxBufferedBytes: number;
  fileMaxBytes: number;
  uploadBytesPerDay: number;
  /** Where project files' content is kept (server/files/store.ts). */
  fileStore: FileStoreConfig;
  mailPollMs: number;
  httpIdleTimeoutMs: number;
  httpRequestTimeoutMs: number;
  messageMailDelayMs: number;
  /** Footer social links; only configured networks are shown. */
  social: Partial<Record<SocialNetwork, string>>;
  logLevel: string;
};

/**
 * Reads and validates the environment. Every problem is reported with the
 * variable's name so an operator can fix it without reading code.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    // Secrets and URLs that may carry a password are never echoed into logs.
    const shown = SECRET_VARIABLES.has(name) ? "" : ` (got "${env[name] ?? ""}")`;
    throw new StartupError(`Invalid ${name}: ${issue?.message ?? "bad value"}${shown}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const contactInbox = e.CONTACT_INBOX ?? extractAddress(e.MAIL_FROM);

  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (e.NODE_ENV === "production") {
      throw new StartupError("Missing AUTH_SECRET: it is required when NODE_ENV=production (32+ random characters)");
    }
    authSecret = readOrCreateSecret(dataDir);
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    origins: acceptedOrigins(appUrl, e.NODE_ENV),
    secureCookies: appUrl.startsWith("https://"),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactInbox,
    whatsappNumber: e.WHATSAPP_NUMBER,
    currency: e.CURRENCY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY ?? false,
    writeRateLimit: e.WRITE_RATE_LIMIT,
    pdfRateLimit: e.PDF_RATE_LIMIT,
    liveSocketsPerUser: e.LIVE_SOCKETS_PER_USER,
    liveMaxBufferedBytes: e.LIVE_MAX_BUFFERED_KB * 1024,
    fileMaxBytes: e.FILE_MAX_BYTES,
    uploadBytesPerDay: e.UPLOAD_MB_PER_DAY * 1024 * 1024,
    fileStore: fileStoreConfig(e),
    mailPollMs: e.MAIL_POLL_MS,
    httpIdleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    messageMailDelayMs: e.MESSAGE_MAIL_DELAY_MS,
    social: {
      facebook: e.SOCIAL_FACEBOOK_URL,
      instagram: e.SOCIAL_INSTAGRAM_URL,
      x: e.SOCIAL_X_URL,
      linkedin: e.SOCIAL_LINKEDIN_URL,
    },
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * FILE_STORE and, for s3, the S3_* settings: each one it needs, or a start-up
 * error naming the one missing. Without S3_ENDPOINT it is AWS's endpoint for
 * S3_REGION with the bucket in the host name; with one, the bucket goes in
 * the path unless S3_FORCE_PATH_STYLE=false (most self-hosted stores want it).
 */
function fileStoreConfig(e: z.infer<typeof envSchema>): FileStoreConfig {
  if (e.FILE_STORE === "database") return { kind: "database" };
  const required = (name: "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY") => {
    const value = e[name];
    if (!value) throw new StartupError(`Missing ${name}: it is required when FILE_STORE=s3`);
    return value;
  };
  const bucket = required("S3_BUCKET");
  const accessKeyId = required("S3_ACCESS_KEY_ID");
  const secretAccessKey = required("S3_SECRET_ACCESS_KEY");
  const endpoint = (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, "");
  const forcePathStyle =
    e.S3_FORCE_PATH_STYLE === undefined ? e.S3_ENDPOINT !== undefined : ["true", "1"].includes(e.S3_FORCE_PATH_STYLE);
  if (!forcePathStyle && bucket.includes(".") && endpoint.startsWith("https:")) {
    throw new StartupError(
      "Invalid S3_FORCE_PATH_STYLE: a bucket name with dots needs S3_FORCE_PATH_STYLE=true over https (no certificate covers bucket.with.dots.host)",
    );
  }
  return { kind: "s3", endpoint, region: e.S3_REGION, bucket, accessKeyId, secretAccessKey, forcePathStyle };
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins whose pages may sign in, write and open the live channel.
 * Outside production a loopback APP_URL is reachable under each loopback
 * spelling (the server listens on 127.0.0.1 while APP_URL says localhost,
 * and people open whichever they see): all of them are one site. In
 * production only APP_URL's own origin.
 */
function acceptedOrigins(appUrl: string, env: string): string[] {
  const url = new URL(appUrl);
  if (env === "production" || !LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

function extractAddress(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from;
}

/** In embedded mode the secret is generated once and kept beside the data, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
