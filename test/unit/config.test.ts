import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type CachedSession, SessionCache } from "../../server/auth/session-cache";
import { loadConfig, StartupError } from "../../server/config";

const SECRET = "0123456789abcdef0123456789abcdef";
const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ls-config-"));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** loadConfig's error for `env`, which must be a StartupError. */
function failure(env: NodeJS.ProcessEnv): StartupError {
  try {
    loadConfig({ AUTH_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return error as StartupError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has working defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      host: "127.0.0.1",
      appUrl: "http://localhost:3000",
      secureCookies: false,
      dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      contactInbox: "hello@lagos-studio.test",
      currency: "NGN",
      authRateLimit: 10,
      logLevel: "info",
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("derives the app URL from PORT, strips a trailing slash, and uses secure cookies on https", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, PORT: "8080" }).appUrl).toBe("http://localhost:8080");
    const config = loadConfig({ AUTH_SECRET: SECRET, APP_URL: "https://studio.example.com/" });
    expect(config.appUrl).toBe("https://studio.example.com");
    expect(config.secureCookies).toBe(true);
  });

  it("treats empty variables as unset", () => {
    const config = loadConfig({ AUTH_SECRET: SECRET, DATABASE_URL: "", SMTP_URL: " ", APP_URL: "" });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appUrl).toBe("http://localhost:3000");
  });

  it.each([
    "postgres://app@db.internal:5432/studio",
    "postgresql://app:secret@db.internal/studio?sslmode=verify-full",
    "postgres://app@/studio?host=/var/run/postgresql",
    "postgresql:///studio?host=/var/run/postgresql",
  ])("accepts the PostgreSQL URL %s, with a host or a Unix socket's directory", (url) => {
    expect(loadConfig({ AUTH_SECRET: SECRET, DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["NODE_ENV", "staging"],
    ["APP_URL", "ftp://example.com"],
    ["APP_URL", "not a url"],
    ["DATABASE_URL", "mysql://root@localhost/studio"],
    ["DATABASE_URL", "postgres://"],
    ["DATABASE_URL", "db.internal:5432/studio"],
    ["AUTH_SECRET", "too-short"],
    ["SMTP_URL", "http://mail.example.com"],
    ["CONTACT_INBOX", "not-an-address"],
    ["WHATSAPP_NUMBER", "+234 801"],
    ["CURRENCY", "naira"],
    ["AUTH_RATE_LIMIT", "0"],
    ["LOG_LEVEL", "loud"],
  ])("names %s in the error for %j", (name, value) => {
    const error = failure({ [name]: value });
    expect(error.message).toContain(name);
  });

  it("shows the rejected value, except for secrets and URLs that may carry a password", () => {
    expect(failure({ PORT: "abc" }).message).toContain('"abc"');
    const secret = failure({ AUTH_SECRET: "hunter2-short" }).message;
    expect(secret).toMatch(/at least 32 characters/);
    expect(secret).not.toContain("hunter2");
    expect(failure({ DATABASE_URL: "mysql://root:hunter2@db/studio" }).message).not.toContain("hunter2");
    expect(failure({ SMTP_URL: "http://user:hunter2@mail" }).message).not.toContain("hunter2");
  });

  it("trusts X-Forwarded-For only from the proxies TRUST_PROXY names", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).trustProxy).toBe(false);
    expect(loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: " " }).trustProxy).toBe(false);
    expect(loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(
      loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,loopback,fd00::/8" }).trustProxy,
    ).toEqual(["127.0.0.1", "10.0.0.0/8", "loopback", "fd00::/8"]);
    for (const refused of ["true", "0", "10.0.0.0/33", "proxy.example.com", "10.0.0.1/8/8", "fd00::/129"]) {
      expect(failure({ TRUST_PROXY: refused }).message, refused).toMatch(/^Invalid TRUST_PROXY: must be the number/);
    }
  });

  describe("the file store", () => {
    const s3 = {
      FILE_STORE: "s3",
      S3_BUCKET: "studio-files",
      S3_ACCESS_KEY_ID: "AKID",
      S3_SECRET_ACCESS_KEY: "hunter2-s3",
    };

    it("is the database unless FILE_STORE=s3", () => {
      expect(loadConfig({ AUTH_SECRET: SECRET }).fileStore).toEqual({ kind: "database" });
      expect(failure({ FILE_STORE: "disk" }).message).toMatch(/^Invalid FILE_STORE/);
    });

    it("defaults to AWS's endpoint for the region, with the bucket in the host name", () => {
      expect(loadConfig({ AUTH_SECRET: SECRET, ...s3, S3_REGION: "eu-west-1" }).fileStore).toEqual({
        kind: "s3",
        endpoint: "https://s3.eu-west-1.amazonaws.com",
        region: "eu-west-1",
        bucket: "studio-files",
        accessKeyId: "AKID",
        secretAccessKey: "hunter2-s3",
        forcePathStyle: false,
      });
    });

    it("puts the bucket in the path for an endpoint of its own, unless told not to", () => {
      const own = { ...s3, S3_ENDPOINT: "http://127.0.0.1:9000/" };
      expect(loadConfig({ AUTH_SECRET: SECRET, ...own }).fileStore).toMatchObject({
        endpoint: "http://127.0.0.1:9000",
        region: "us-east-1",
        forcePathStyle: true,
      });
      expect(loadConfig({ AUTH_SECRET: SECRET, ...own, S3_FORCE_PATH_STYLE: "false" }).fileStore).toMatchObject({
        forcePathStyle: false,
      });
    });

    it.each(["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])(
      "names %s when FILE_STORE=s3 lacks it",
      (name) => {
        expect(failure({ ...s3, [name]: "" }).message).toBe(`Missing ${name}: it is required when FILE_STORE=s3`);
      },
    );

    it.each([
      ["S3_ENDPOINT", "ftp://files.example.com"],
      ["S3_REGION", "EU West"],
      ["S3_BUCKET", "Studio_Files"],
      ["S3_FORCE_PATH_STYLE", "yes"],
    ])("names %s in the error for %j", (name, value) => {
      expect(failure({ ...s3, [name]: value }).message).toMatch(new RegExp(`^Invalid ${name}:`));
    });

    it("never echoes the secret or an endpoint that may carry credentials", () => {
      const endpoint = failure({ ...s3, S3_ENDPOINT: "https://AKID:hunter2@files.example.com" }).message;
      expect(endpoint).toMatch(/^Invalid S3_ENDPOINT: .*without credentials/);
      expect(endpoint).not.toContain("hunter2");
      expect(failure({ ...s3, S3_BUCKET: "x" }).message).not.toContain("hunter2");
    });
  });

  it("requires AUTH_SECRET in production and says so by name", () => {
    const error = failure({ NODE_ENV: "production", AUTH_SECRET: "", DATA_DIR: tempDir() });
    expect(error.message).toMatch(/AUTH_SECRET/);
    expect(error.message).toMatch(/production/);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
  });

  it("generates the secret once in DATA_DIR and reuses it", () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    const file = path.join(dataDir, "auth-secret");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    // Only the server's user may read it.
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    // Another data directory gets its own secret.
    expect(loadConfig({ DATA_DIR: tempDir() }).authSecret).not.toBe(first);
  });

  it("prefers AUTH_SECRET over the generated file and does not write one", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).authSecret).toBe(SECRET);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });
});

describe("SessionCache", () => {
  const T0 = 1_000_000;
  const SETTLE_MS = 30;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const session = (token: string, userId: string, expiresAt = T0 + 3_600_000): CachedSession => ({
    token,
    expiresAt,
    user: {
      id: userId,
      email: `${userId}@example.test`,
      fullName: userId,
      companyName: null,
      role: "client",
      emailVerified: true,
    },
  });

  it("remembers a session for 30 seconds, then forgets it", () => {
    const cache = new SessionCache();
    cache.set("cookie-1", session("t1", "u1"), cache.readMark(), T0);
    expect(cache.get("cookie-1", T0 + 29_999)?.user.id).toBe("u1");
    expect(cache.get("cookie-1", T0 + 30_000)).toBeUndefined();
    // Forgotten for good, not just hidden.
    expect(cache.get("cookie-1", T0)).toBeUndefined();
  });

  it("never serves a session past its own expiry", () => {
    const cache = new SessionCache();
    cache.set("cookie-1", session("t1", "u1", T0 + 5_000), cache.readMark(), T0);
    expect(cache.get("cookie-1", T0 + 4_999)).toBeDefined();
    expect(cache.get("cookie-1", T0 + 5_000)).toBeUndefined();
  });

  it("is keyed by the whole cookie", () => {
    const cache = new SessionCache();
    cache.set("cookie-1", session("t1", "u1"), cache.readMark(), T0);
    expect(cache.get("cookie-2", T0)).toBeUndefined();
  });

  it("invalidateToken drops that session only, tells listeners and broadcasts", () => {
    const cache = new SessionCache();
    const broadcasts: string[] = [];
    const invalidated: string[] = [];
    cache.setBroadcast((message) => broadcasts.push(message));
    cache.onUserInvalidated((userId) => invalidated.push(userId));
    cache.set("a", session("t1", "u1"), cache.readMark(), T0);
    cache.set("b", session("t2", "u1"), cache.readMark(), T0);
    cache.invalidateToken("t1", "u1");
    expect(cache.get("a", T0)).toBeUndefined();
    expect(cache.get("b", T0)).toBeDefined();
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(invalidated).toEqual(["u1"]);
    expect(broadcasts.map((message) => JSON.parse(message))).toEqual([{ token: "t1", userId: "u1" }]);
  });

  it("invalidateUser drops every session of that user and no one else's", () => {
    const cache = new SessionCache();
    const broadcasts: string[] = [];
    cache.setBroadcast((message) => broadcasts.push(message));
    cache.set("a", session("t1", "u1"), cache.readMark(), T0);
    cache.set("b", session("t2", "u1"), cache.readMark(), T0);
    cache.set("c", session("t3", "u2"), cache.readMark(), T0);
    cache.invalidateUser("u1");
    expect(cache.get("a", T0)).toBeUndefined();
    expect(cache.get("b", T0)).toBeUndefined();
    expect(cache.get("c", T0)?.user.id).toBe("u2");
    expect(broadcasts.map((message) => JSON.parse(message))).toEqual([{ userId: "u1" }]);
  });

  it("applies broadcasts from other processes without re-broadcasting them", () => {
    const sender = new SessionCache();
    const receiver = new SessionCache();
    const echoed: string[] = [];
    const invalidated: string[] = [];
    sender.setBroadcast((message) => receiver.receive(message));
    receiver.setBroadcast((message) => echoed.push(message));
    receiver.onUserInvalidated((userId, wholeUser) =>
      invalidated.push(`${userId} ${wholeUser ? "person" : "one session"}`),
    );
    receiver.set("a", session("t1", "u1"), receiver.readMark(), T0);
    receiver.set("b", session("t2", "u1"), receiver.readMark(), T0);
    receiver.set("c", session("t3", "u2"), receiver.readMark(), T0);

    sender.invalidateToken("t1", "u1");
    expect(receiver.get("a", T0)).toBeUndefined();
    expect(receiver.get("b", T0)).toBeDefined();

    sender.invalidateUser("u2");
    expect(receiver.get("c", T0)).toBeUndefined();
    expect(receiver.get("b", T0)).toBeDefined();
    // One session ended, then the person changed: the hub tells open tabs to read the profile only for the second.
    vi.advanceTimersByTime(SETTLE_MS);
    expect(invalidated).toEqual(["u1 one session", "u2 person"]);
    expect(echoed).toEqual([]);
  });

  it("does not remember a session read while its person was invalidated (it may hold the old role)", () => {
    const cache = new SessionCache();
    // A read begins; the person is demoted and invalidated (from this process or another) before it ends.
    const before = cache.readMark();
    cache.invalidateUser("u1");
    cache.set("a", session("t1", "u1"), before, T0);
    expect(cache.get("a", T0)).toBeUndefined();
    // One of their sessions ending counts too; another person's read is remembered.
    const second = cache.readMark();
    cache.receive(JSON.stringify({ token: "t9", userId: "u1" }));
    cache.set("b", session("t2", "u1"), second, T0);
    cache.set("c", session("t3", "u2"), second, T0);
    expect(cache.get("b", T0)).toBeUndefined();
    expect(cache.get("c", T0)?.user.id).toBe("u2");
    // A read begun after the invalidation is remembered.
    cache.set("a", session("t1", "u1"), cache.readMark(), T0);
    expect(cache.get("a", T0)?.user.id).toBe("u1");
  });

  it("ignores malformed broadcasts", () => {
    const cache = new SessionCache();
    const invalidated: string[] = [];
    cache.onUserInvalidated((userId) => invalidated.push(userId));
    cache.set("a", session("t1", "u1"), cache.readMark(), T0);
    for (const message of ["not json", "{}", '{"userId":42}', "null", '{"token":"t1"}']) cache.receive(message);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(cache.get("a", T0)).toBeDefined();
    expect(invalidated).toEqual([]);
  });

  it("stops calling a listener once it unsubscribes", () => {
    const cache = new SessionCache();
    const invalidated: string[] = [];
    const stop = cache.onUserInvalidated((userId) => invalidated.push(userId));
    cache.invalidateUser("u1");
    vi.advanceTimersByTime(SETTLE_MS);
    stop();
    cache.invalidateUser("u2");
    vi.advanceTimersByTime(SETTLE_MS);
    expect(invalidated).toEqual(["u1"]);
  });

  it("on close, tells nothing more and waits for what listeners are doing", async () => {
    const cache = new SessionCache(SETTLE_MS);
    const told: string[] = [];
    let finish = () => {};
    cache.onUserInvalidated((userId) => {
      told.push(userId);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    cache.invalidateUser("u1");
    vi.advanceTimersByTime(SETTLE_MS);
    cache.invalidateUser("u2");
    let closed = false;
    const closing = cache.close().then(() => {
      closed = true;
    });
    await Promise.resolve();
    expect(closed).toBe(false);
    finish();
    await closing;
    vi.advanceTimersByTime(SETTLE_MS);
    cache.invalidateUser("u3");
    vi.advanceTimersByTime(SETTLE_MS);
    expect(told).toEqual(["u1"]);
  });

  it("tells listeners once about a burst of invalidations for one user, after the last drop", () => {
    const cache = new SessionCache(SETTLE_MS);
    const invalidated: string[] = [];
    cache.onUserInvalidated((userId, wholeUser) => {
      // By the time listeners hear, every session the burst invalidated is gone.
      expect(cache.get("b", T0)).toBeUndefined();
      invalidated.push(`${userId} ${wholeUser ? "person" : "one session"}`);
    });
    cache.set("a", session("t1", "u1"), cache.readMark(), T0);
    cache.set("b", session("t2", "u1"), cache.readMark(), T0);
    cache.set("c", session("t3", "u2"), cache.readMark(), T0);

    // A profile saved through the API: its session ends, the route invalidates the person, and the
    // users trigger and the route's broadcast come back from the database.
    cache.invalidateToken("t1", "u1");
    cache.invalidateUser("u1");
    vi.advanceTimersByTime(SETTLE_MS - 1);
    cache.receive(JSON.stringify({ userId: "u1" }));
    cache.receive(JSON.stringify({ userId: "u1" }));
    cache.invalidateToken("t3", "u2");
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(invalidated).toEqual(["u1 person"]);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(invalidated).toEqual(["u1 person", "u2 one session"]);

    // A later change is a burst of its own.
    cache.receive(JSON.stringify({ userId: "u1" }));
    vi.advanceTimersByTime(SETTLE_MS);
    expect(invalidated).toEqual(["u1 person", "u2 one session", "u1 person"]);
  });

  it("tells whether a person was invalidated since a read began", () => {
    const cache = new SessionCache(0);
    const before = cache.readMark();
    expect(cache.invalidatedSince("u1", before)).toBe(false);
    cache.invalidateUser("u1");
    expect(cache.invalidatedSince("u1", before)).toBe(true);
    expect(cache.invalidatedSince("u2", before)).toBe(false);
    expect(cache.invalidatedSince("u1", cache.readMark())).toBe(false);
  });

  it("forgetAll drops every session, keeps none read before it, and tells its listeners", () => {
    const cache = new SessionCache(0);
    let told = 0;
    cache.onEveryoneInvalidated(() => {
      told += 1;
    });
    cache.set("a", session("t1", "u1"), cache.readMark(), T0);
    const underWay = cache.readMark();
    expect(cache.get("a", T0)?.user.id).toBe("u1");

    cache.forgetAll();

    expect(told).toBe(1);
    expect(cache.get("a", T0)).toBeUndefined();
    // A read begun before may hold what was invalidated unheard: not remembered, and said so.
    expect(cache.invalidatedSince("u2", underWay)).toBe(true);
    cache.set("b", session("t2", "u2"), underWay, T0);
    expect(cache.get("b", T0)).toBeUndefined();
    // One begun after is.
    cache.set("b", session("t2", "u2"), cache.readMark(), T0);
    expect(cache.get("b", T0)?.user.id).toBe("u2");
  });
});
