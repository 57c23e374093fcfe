import { createHash, randomBytes } from "node:crypto";
import {
  bar,
  cleanup,
  ensureBuilt,
  freshPostgres,
  getJson,
  rssMb,
  signIn,
  sleep,
  startServer,
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
 * FILES_NODE_OPTIONS passes NODE_OPTIONS to the server (e.g. "--max-old-space-size=96
 * --max-semi-space-size=1"): on PGlite the growth with default heap settings is garbage
 * V8 has not yet collected (each chunk's parameter is serialised for the embedded
 * database), not retained content; with a tighter heap the same run stays under the bar.
 * Results go to bench/results/files.json, or files-heap-limited.json with that option.
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
  const server = await startServer({
    dataDir,
    env: { ...env, ...(process.env.FILES_NODE_OPTIONS && { NODE_OPTIONS: process.env.FILES_NODE_OPTIONS }) },
  });
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

ensureBuilt();
const results = { pglite: await run("PGlite", {}) };
const postgres = await freshPostgres("files");
if (postgres) {
  try {
    results.postgres = await run("PostgreSQL", { DATABASE_URL: postgres.databaseUrl });
  } finally {
    await postgres.drop();
  }
}
const passed = Object.entries(results)
  .flatMap(([db, r]) => [
    bar(`${db} upload RSS growth`, r.uploadGrowthMb, "<", BAR_MB, "MB"),
    bar(`${db} download RSS growth`, r.downloadGrowthMb, "<", BAR_MB, "MB"),
  ])
  .every(Boolean);
writeResult(process.env.FILES_NODE_OPTIONS ? "files-heap-limited" : "files", {
  nodeOptions: process.env.FILES_NODE_OPTIONS ?? null,
  sizeMb: SIZE / (1024 * 1024),
  ...results,
  bars: { rssGrowthMb: `< ${BAR_MB}` },
  passed,
});
process.exitCode = passed ? 0 : 1;
