import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { chromium } from "playwright-core";
import chromiumConfig from "../e2e/support/chromium.json" with { type: "json" };
import { build, needsBuild } from "../scripts/build-lib.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { freePort, SERVER_MAIN, startServerProcess } from "../scripts/server-command.mjs";
import { machineSpeed } from "./machine-speed.mjs";

export { freePort };

/** Shared plumbing of the benchmarks: the built server as a child process, sign-in, results. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const MAIN = SERVER_MAIN;
export const CLI = path.join(ROOT, "dist/server/cli.js");
export const DEMO_PASSWORD = "Demo@2026!";
export const BENCH_SECRET = "bench-only-secret-not-for-production-use-0123456789";
export const USERS = {
  admin: "admin@lagosstudio.test",
  developer: "tunde@lagosstudio.test",
  client: "chinedu@ezefoods.test",
};

/** Benchmarks measure the product as shipped, so they build it first when sources changed. */
export function ensureBuilt() {
  if (needsBuild()) {
    console.log("Building the product first (sources changed since the last build)...");
    build();
  }
}

export const tempDir = (label) => mkdtempSync(path.join(os.tmpdir(), `lagos-bench-${label}-`));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `args` (default: the built server, as `npm start` runs it) and
 * resolves once /api/health answers, with the time that took (`readyMs`).
 */
export function startServer({ env = {}, args, port, dataDir = tempDir("data"), timeoutMs } = {}) {
  return startServerProcess({ args, port, dataDir, timeoutMs, env: { NODE_ENV: "development", ...env } });
}

/** Signs in through the auth API; returns the cookie header to send. */
export async function signIn(url, email, password = DEMO_PASSWORD) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export async function getJson(url, pathName, cookie) {
  const response = await fetch(`${url}${pathName}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${pathName}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Resident set size of a process in MB, from the kernel's own accounting. */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
  return kb / 1024;
}

/**
 * A fresh PostgreSQL database for one run, seeded with the demo data, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL points at a server; null otherwise.
 */
export async function freshPostgres(label) {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const seeded = spawnSync(process.execPath, [CLI, "seed"], {
    cwd: ROOT,
    // A fixed secret keeps the seeding CLI from writing one into ./data.
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "development", AUTH_SECRET: BENCH_SECRET },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding ${name} failed:\n${seeded.stdout}${seeded.stderr}`);
  return {
    databaseUrl,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** A round's delivery latencies (ms, any order) as the figures a bench prints: percentiles to 0.1 ms. */
export function latencyFigures(latencies, missing) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return {
    deliveries: sorted.length,
    missing,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** Writes bench/results/<name>.json with the figures, what the machine was doing and how fast it was (machineSpeed). */
export function writeResult(name, result) {
  const dir = path.join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const speed = machineSpeed();
  console.log(
    speed.error
      ? `  machine speed: not measured (${speed.error})`
      : `  machine speed: a 50-row page's JSON ${speed.jsonPageUs} µs, its brotli ${speed.brotliPageUs} µs, ` +
          `a loopback socket write ${speed.loopbackWriteUs} µs (bench/machine-speed.mjs; lower is faster)`,
  );
  const record = {
    bench: name,
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadavg: os.loadavg().map((n) => Math.round(n * 100) / 100),
      node: process.version,
      speed,
    },
    ...result,
  };
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

/** Prints a bar check and returns whether it passed. */
export function bar(label, value, op, limit, unit) {
  const pass = op === "<" ? value < limit : value >= limit;
  const shown = typeof value === "number" ? Math.round(value * 10) / 10 : value;
  console.log(`  ${pass ? "PASS" : "MISS"} ${label}: ${shown} ${unit} (bar ${op} ${limit} ${unit})`);
  return pass;
}

export function cleanup(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/** How many rounds a bench repeats a measurement whose figure moves from run to run (BENCH_ROUNDS, default 5). */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

/** Median and range of several rounds' figures: what the README reports, never the best run. */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), runs: sorted.length };
}

/** "median 1,630 (966–1,719, 5 runs)" */
export function describeSummary({ median, min, max, runs }, digits = 0) {
  const show = (value) => value.toLocaleString("en-GB", { maximumFractionDigits: digits });
  return `median ${show(median)} (${show(min)}–${show(max)}, ${runs} runs)`;
}

/** Debian's Chromium (or CHROME_PATH) driven by playwright-core with the browser suite's flags; `close()` it after. */
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Debian's Chromium (or CHROME_PATH) with the sandbox's flags, for lighthouseRun's `port`; `kill()` it after.
 * chrome-launcher gives it its own `--disable-features` (the omnibox WebUI stays on: S58 scored the pages the
 * same without it, docs/performance.md), and Lighthouse's figures have always been taken this way.
 */
export async function launchLighthouseChrome() {
  const chromeLauncher = await import("chrome-launcher");
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || CHROMIUM_PATH,
    chromeFlags: chromiumConfig.args,
  });
}

/**
 * Lighthouse's own measure of the host's CPU during a run (`environment.benchmarkIndex`, higher is
 * faster), printed beside each score as `machine-speed` is beside the other figures. It says which host a
 * run had, not what it will score: S56's host read 2,261–2,527 and its pages scored 89–95, S58's read
 * less and they scored 100.
 */
export const benchmarkIndexOf = (lhr) => Math.round(lhr.environment?.benchmarkIndex ?? 0);

/**
 * One Lighthouse run that Lighthouse could record (its report, `lhr`). A run it could not record
 * (NO_NAVSTART, a trace it failed to take, seen here about once in forty runs) scores 0 without
 * having measured the page; it is said and run again, up to 3 attempts, so every round is a
 * measurement or the bench fails. Counted, one such run made a page read "median 100 (0–100)".
 */
export async function lighthouseRun(url, flags, config) {
  const { default: lighthouse } = await import("lighthouse");
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, flags, config);
    if (!lhr.runtimeError) return lhr;
    const why = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url} in 3 attempts: ${why}`);
    console.log(`  Lighthouse could not measure ${url} (${lhr.runtimeError.code}): running it again`);
  }
}
