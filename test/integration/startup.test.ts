import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, SERVER_MAIN } from "../../scripts/server-command.mjs";
import { DEMO_USERS } from "../../seed";
import { client } from "../support/server";

/**
 * The built server as an operator runs it, in embedded (PGlite) mode.
 * scripts/test.mjs leaves this file out of the PostgreSQL run: it is about
 * DATA_DIR, its lock and the embedded database.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const MAIN = SERVER_MAIN;
const CLI = path.join(ROOT, "dist/server/cli.js");
const run = promisify(execFile);

const tempDirs: string[] = [];
const children = new Set<ChildProcess>();
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ls-startup-"));
  tempDirs.push(dir);
  return dir;
}

/** The environment of a fresh operator shell: nothing inherited that would change the mode. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, AUTH_SECRET: _a, APP_URL: _u, PORT: _p, DATA_DIR: _dd, ...rest } = process.env;
  return { ...rest, NODE_ENV: "development", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...extra };
}

type Started = {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout matches, rejects if the process exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
};

function start(extra: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env: env(extra), stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitFor(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let done = false;
      exited.then(() => {
        done = true;
      });
      while (!pattern.test(out)) {
        if (done) throw new Error(`server exited before printing ${pattern}:\n${out}\n${err}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${out}\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
async function refusal(extra: Record<string, string>) {
  const started = start(extra);
  const code = await Promise.race([
    started.exited,
    new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 30_000)),
  ]);
  if (code === "timeout") started.child.kill("SIGKILL");
  return { code, stdout: started.stdout(), stderr: started.stderr() };
}

beforeAll(async () => {
  if (!existsSync(MAIN) || !existsSync(CLI)) await run("npm", ["run", "build"], { cwd: ROOT });
}, 300_000);

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("the built server on one DATA_DIR", () => {
  const dataDir = tempDir();
  let port: number;
  let url: string;
  let first: Started;

  beforeAll(async () => {
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
  });

  it("starts, seeds, and prints its URL and the demo accounts", async () => {
    first = start({ DATA_DIR: dataDir, PORT: String(port), APP_URL: url });
    await first.waitFor(/Demo accounts[\s\S]*kunle@/);
    const output = first.stdout();
    expect(output).toContain(`Open ${url}`);
    expect(output).toContain(`${url}/api/docs`);
    expect(output).toMatch(/just seeded/);
    expect(output).toContain("Demo@2026!");
    for (const user of DEMO_USERS) expect(output).toContain(user.email);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", db: "pglite" });
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(true);
  });

  it("refuses a second server on the same DATA_DIR with a message about the lock", async () => {
    const second = await refusal({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.code).not.toBe(0);
    expect(second.code).not.toBe("timeout");
    expect(second.stderr).toMatch(/locked/i);
    expect(second.stderr).toContain(dataDir);
    // The first server is unharmed.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it("exits 0 on SIGTERM and releases the lock", async () => {
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  });

  it("creates an administrator from the CLI who can then sign in", async () => {
    const { stdout } = await run(
      process.execPath,
      [CLI, "create-admin", "--email", "x@y.test", "--name", "X Y", "--password", "Str0ng!pass"],
      { cwd: ROOT, env: env({ DATA_DIR: dataDir }) },
    );
    expect(stdout).toContain("x@y.test");
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    // The restarted server keeps the data (no second seed) and the new admin signs in.
    const again = start({ DATA_DIR: dataDir, PORT: String(port), APP_URL: url });
    await again.waitFor(/is ready in/);
    // Not seeded in this start: the demo passwords may have been changed, so none are printed.
    expect(again.stdout()).not.toMatch(/just seeded|Demo accounts|Demo@/);
    const browser = client(url);
    const signIn = await browser.request("POST", "/api/auth/sign-in/email", {
      email: "x@y.test",
      password: "Str0ng!pass",
    });
    expect(signIn.status).toBe(200);
    const me = await browser.request("GET", "/api/me");
    expect(me.json).toMatchObject({ email: "x@y.test", fullName: "X Y", role: "admin" });

    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  /** A maintenance command on this DATA_DIR, and how it ended (exit code 0 and no stderr when it succeeded). */
  const cli = (args: string[]) =>
    run(process.execPath, [CLI, ...args], { cwd: ROOT, env: env({ DATA_DIR: dataDir }) }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it("refuses a weak password or a duplicate address in create-admin", async () => {
    const attempt = (email: string, password: string) =>
      cli(["create-admin", "--email", email, "--name", "Z", "--password", password]);
    const weak = await attempt("z@y.test", "password");
    expect(weak.code).not.toBe(0);
    expect(weak.stderr).toMatch(/at least 8 characters/);
    const duplicate = await attempt("x@y.test", "Str0ng!pass");
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toMatch(/already exists/);
  });

  it("takes the maintenance commands' database from --database-url, as seed:large does, before DATA_DIR", async () => {
    const attempt = await cli(["seed", "--database-url", "mysql://root@127.0.0.1/x"]);
    // The option is read and checked like DATABASE_URL; the demo data in DATA_DIR is not reset instead.
    expect(attempt.code).not.toBe(0);
    expect(attempt.stderr).toMatch(/Invalid DATABASE_URL/);
  });
});

describe("configuration the server cannot start with", () => {
  it("refuses NODE_ENV=production without AUTH_SECRET in one line naming it", async () => {
    const result = await refusal({ NODE_ENV: "production", DATA_DIR: tempDir(), PORT: String(await freePort()) });
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBe("timeout");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("AUTH_SECRET");
  });

  it("refuses PORT=notaport naming PORT", async () => {
    const result = await refusal({ DATA_DIR: tempDir(), PORT: "notaport" });
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBe("timeout");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("PORT");
    expect(lines[0]).toContain("notaport");
  });
});
