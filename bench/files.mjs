import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  bar,
  cleanup,
  describeSummary,
  ensureBuilt,
  freshPostgres,
  getJson,
  ROUNDS,
  rssMb,
  signIn,
  sleep,
  startServer,
  summary,
  tempDir,
  USERS,
  writeResult,
} from "./lib.mjs";

/**
 * Issue #8 bar: uploading and downloading a 25 MB project file adds no more
 * than 50 MB to the server's resident memory, because both are streamed
 * through 256 KB chunks in the database, never held whole. RSS is sampled
 * every 50 ms during each transfer; the figure is the peak over the RSS after
 * a small warm-up upload and download. On PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *
 * Each database runs BENCH_ROUNDS rounds (default 5), a fresh server each; the
 * median and range are printed and the bar applies to the median.
 *
 * `--s3` (or FILES_STORE=s3) measures the S3-compatible store instead (FILE_STORE=s3): the
 * server streams each upload to a local S3 server (s3rver, started in this process, which
 * checks the signatures) as 5 MiB multipart parts and each download from its GET. The rows
 * stay in PGlite (or PostgreSQL as above). Results go to bench/results/files.json, or
 * files-s3.json with --s3.
 */
const SIZE = 25 * 1024 * 1024;
const BAR_MB = 50;
const PIECE = 64 * 1024;

/** The file: a PDF header then random bytes, generated as it is sent. */
function pdfStream(size, hash) {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const piece =
        sent === 0
          ? Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(PIECE - 9)])
          : randomBytes(Math.min(PIECE, size - sent));
      hash.update(piece);
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
}

async function upload(url, cookie, projectId, size) {
  const hash = createHash("sha256");
  const response = await fetch(`${url}/api/projects/${projectId}/files`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/pdf", "x-file-name": "bench.pdf" },
    body: pdfStream(size, hash),
    duplex: "half",
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return { id: (await response.json()).id, sha256: hash.digest("hex") };
}

async function download(url, cookie, fileId) {
  const response = await fetch(`${url}/api/files/${fileId}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`download: ${response.status}`);
  const hash = createHash("sha256");
  for await (const piece of response.body) hash.update(piece);
  return hash.digest("hex");
}

/** Runs `work` while sampling the process's RSS; returns the peak. */
async function peakRss(pid, work) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssMb(pid));
}

async function run(label, env) {
  const dataDir = tempDir("files");
  const server = await startServer({ dataDir, env });
  try {
    const cookie = await signIn(server.url, USERS.client);
    const projects = await getJson(server.url, "/api/projects?limit=1", cookie);
    const projectId = projects.items[0].id;
    const warm = await upload(server.url, cookie, projectId, 512 * 1024);
    await download(server.url, cookie, warm.id);
    await sleep(1000);
    const baseline = rssMb(server.child.pid);
    let stored;
    const uploadPeak = await peakRss(server.child.pid, async () => {
      stored = await upload(server.url, cookie, projectId, SIZE);
    });
    let downloaded;
    const downloadPeak = await peakRss(server.child.pid, async () => {
      downloaded = await download(server.url, cookie, stored.id);
    });
    if (downloaded !== stored.sha256) throw new Error("the downloaded bytes differ from the uploaded ones");
    const result = {
      baselineMb: Number(baseline.toFixed(1)),
      uploadGrowthMb: Number((uploadPeak - baseline).toFixed(1)),
      downloadGrowthMb: Number((downloadPeak - baseline).toFixed(1)),
    };
    console.log(
      `  ${label}: baseline ${result.baselineMb} MB; 25 MB upload +${result.uploadGrowthMb} MB, download +${result.downloadGrowthMb} MB (bytes identical)`,
    );
    return result;
  } finally {
    await server.stop();
    cleanup(dataDir);
  }
}

/** `run` ROUNDS times: each figure's median and range. */
async function rounds(label, env) {
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await run(`${label}, round ${round + 1}`, env));
  const figures = {};
  for (const key of ["baselineMb", "uploadGrowthMb", "downloadGrowthMb"]) {
    figures[key] = summary(runs.map((figure) => figure[key]));
  }
  console.log(
    `  ${label}: upload ${describeSummary(figures.uploadGrowthMb, 1)} MB, download ${describeSummary(figures.downloadGrowthMb, 1)} MB added`,
  );
  return figures;
}

/** A local S3-compatible server for the run, and the server's settings for it. */
async function startS3() {
  const { default: S3rver } = await import("@20minutes/s3rver");
  const directory = mkdtempSync(path.join(os.tmpdir(), "lagos-bench-s3-"));
  const bucket = "bench-files";
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3.run();
  return {
    env: {
      FILE_STORE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      await s3.close();
      cleanup(directory);
    },
  };
}

const onS3 = process.argv.includes("--s3") || process.env.FILES_STORE === "s3";
ensureBuilt();
const s3 = onS3 ? await startS3() : undefined;
const store = s3 ? { label: " + S3", env: s3.env } : { label: "", env: {} };
const results = {};
try {
  results.pglite = await rounds(`PGlite${store.label}`, { ...store.env });
  const postgres = await freshPostgres("files");
  if (postgres) {
    try {
      results.postgres = await rounds(`PostgreSQL${store.label}`, { ...store.env, DATABASE_URL: postgres.databaseUrl });
    } finally {
      await postgres.drop();
    }
  }
} finally {
  await s3?.stop();
}
const passed = Object.entries(results)
  .flatMap(([db, r]) => [
    bar(`${db} upload RSS growth (median)`, r.uploadGrowthMb.median, "<", BAR_MB, "MB"),
    bar(`${db} download RSS growth (median)`, r.downloadGrowthMb.median, "<", BAR_MB, "MB"),
  ])
  .every(Boolean);
writeResult(onS3 ? "files-s3" : "files", {
  store: onS3 ? "s3" : "database",
  sizeMb: SIZE / (1024 * 1024),
  ...results,
  bars: { rssGrowthMb: `< ${BAR_MB}` },
  passed,
});
process.exitCode = passed ? 0 : 1;
