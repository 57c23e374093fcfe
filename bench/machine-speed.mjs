import { spawnSync } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

/**
 * How fast this machine does the three things a 50-row API read and a live fan-out spend most of
 * their time on (bench/profile.mjs, docs/performance.md): JSON, brotli at the server's quality,
 * and writes to a loopback socket. Machines of the kind these benches run on differ between
 * sessions by up to 2.5×, and one machine's speed moves within a session as its neighbours load
 * the host; every results file records these figures beside its own (writeResult, bench/lib.mjs),
 * taken when it is written, so that two files can be compared knowing how fast each machine was.
 * Each figure is the median of 5 timings, in µs per operation: lower is faster.
 *
 * Measured in a child process of its own (about a second), so the bench's heap and event loop
 * do not weigh on it: `machineSpeed()` returns what `node bench/machine-speed.mjs` prints.
 */
export function machineSpeed() {
  const probe = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { encoding: "utf8", timeout: 30_000 });
  if (probe.status !== 0) return { error: (probe.stderr || String(probe.error)).trim().split("\n")[0] };
  return JSON.parse(probe.stdout);
}

const median = (timings) => Math.round(timings.sort((a, b) => a - b)[Math.floor(timings.length / 2)] * 100) / 100;

function perOperation(count, operation) {
  const timings = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let i = 0; i < count; i++) operation();
    timings.push(((performance.now() - started) * 1000) / count);
  }
  return median(timings);
}

/**
 * 300-byte writes to loopback TCP sockets, as a live frame is sent to its subscribers: one write
 * to each of 200 sockets in turn, timed while the kernel takes them at once, then read by the
 * other ends before the next turn (a full buffer would queue writes in Node without a system
 * call, and time nothing).
 */
async function loopbackWriteUs() {
  const SOCKETS = 200;
  let received = 0;
  const server = net.createServer((socket) =>
    socket.on("data", (chunk) => {
      received += chunk.length;
    }),
  );
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const clients = await Promise.all(
    Array.from(
      { length: SOCKETS },
      () =>
        new Promise((resolve) => {
          const client = net.connect(server.address().port, "127.0.0.1", () => resolve(client));
          client.setNoDelay(true);
        }),
    ),
  );
  const frame = Buffer.alloc(300, "a");
  const timings = [];
  let sent = 0;
  for (let round = 0; round < 5; round++) {
    let elapsed = 0;
    for (let turn = 0; turn < 10; turn++) {
      const started = performance.now();
      for (const client of clients) client.write(frame);
      elapsed += performance.now() - started;
      sent += SOCKETS * frame.length;
      while (received < sent) await new Promise((resolve) => setImmediate(resolve));
    }
    timings.push((elapsed * 1000) / (10 * SOCKETS));
  }
  for (const client of clients) client.destroy();
  server.close();
  return median(timings);
}

async function main() {
  const page = JSON.stringify({
    items: Array.from({ length: 50 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      title: `Task ${i} of the reference page`,
      description: "A sentence of a task's description, as long as the large data set's are. ".repeat(2),
      status: ["todo", "in_progress", "review", "completed"][i % 4],
      dueDate: "2026-12-01",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      projectTitle: `Project ${i % 7}`,
    })),
    next: null,
  });
  const body = Buffer.from(page);
  const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
  // A new process's first few thousand encoders fault in fresh memory for their state (~25 page
  // faults each, 150-400 µs of a slow machine's time) until the allocator's heap settles; a
  // server under load is past that (~1 fault a request, bench/cpu-per-request.mjs), so the
  // figure is taken after it. (Results files written before S16 timed brotli from a cold start.)
  for (let i = 0; i < 3_000; i++) zlib.brotliCompressSync(body, brotli);
  const figures = {
    /** Parse and serialise a ~15 KB page of 50 rows. */
    jsonPageUs: perOperation(200, () => JSON.stringify(JSON.parse(page))),
    /** Compress that page with brotli at quality 1 (server/http/compress.ts). */
    brotliPageUs: perOperation(200, () => zlib.brotliCompressSync(body, brotli)),
    /** One 300-byte write to one of 200 loopback sockets: what a live push costs per subscriber at least. */
    loopbackWriteUs: await loopbackWriteUs(),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
