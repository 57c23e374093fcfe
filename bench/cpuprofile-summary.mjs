import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): the top frames by self time
 * and by inclusive time (a frame counted once per sample however deep it
 * recurses), and the self time grouped by package or source file. Frames of
 * the minified server bundle are mapped back to their TypeScript source
 * through the bundle's .map files (and a package's, where it ships them), so
 * the names read as in the code.
 *
 *   node bench/cpuprofile-summary.mjs FILE.cpuprofile [--top 30] [--window FROM,TO]
 *
 * --callers REGEX also prints, for the frames matching REGEX, the chains of
 * callers (six deep) their inclusive time came through.
 * --window keeps the samples taken between FROM and TO milliseconds before the
 * profile's end (bench/profile.mjs passes the load's span, leaving out start-up).
 */
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith("--"));
if (!file) throw new Error("usage: node bench/cpuprofile-summary.mjs FILE.cpuprofile [--top 30]");
const TOP = Number(args[args.indexOf("--top") + 1]) || 30;
const windowArg = args.includes("--window") ? args[args.indexOf("--window") + 1] : undefined;
const callersArg = args.includes("--callers") ? new RegExp(args[args.indexOf("--callers") + 1]) : undefined;
const [fromMs, toMs] = windowArg ? windowArg.split(",").map(Number) : [Number.POSITIVE_INFINITY, 0];
const profile = JSON.parse(readFileSync(file, "utf8"));

const maps = new Map();
function sourceMapOf(url) {
  if (!url.startsWith("file://")) return null;
  if (!maps.has(url)) {
    try {
      maps.set(url, new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, "utf8"))));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url);
}

/** "name file:line" of a frame, mapped to the original source when the bundle has a map. */
function describe({ functionName, url, lineNumber, columnNumber }) {
  let name = functionName || "(anonymous)";
  let where = url ? `${url.replace(/^file:\/\//, "")}:${lineNumber + 1}` : "";
  const map = url ? sourceMapOf(url) : null;
  const entry = map?.findEntry(lineNumber, columnNumber);
  if (entry?.originalSource) {
    where = `${entry.originalSource.replace(/^.*?\/(node_modules|server|common|seed)\//, "$1/")}:${entry.originalLine + 1}`;
    if (entry.name && (name.length <= 2 || name === "(anonymous)")) name = entry.name;
  }
  return where ? `${name} ${where}` : name;
}

/** The package (node_modules/x) or our source file a frame belongs to. */
function groupOf(label) {
  const where = label.split(" ").at(-1);
  const pkg = where.match(/node_modules\/((?:@[^/]+\/)?[^/:]+)/);
  if (pkg) return pkg[1];
  if (where.startsWith("node:") || where.startsWith("internal")) return "node internals";
  if (/^(server|common|seed)\//.test(where)) return where.split(":")[0];
  return label.startsWith("(") ? label : "other";
}

const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const labels = new Map(profile.nodes.map((node) => [node.id, describe(node.callFrame)]));

// Sample i took timeDeltas[i + 1] (the usual reading of V8's deltas); the last sample gets the mean.
const deltas = profile.timeDeltas;
const mean = (profile.endTime - profile.startTime) / deltas.length;
const weightOf = (i) => (i + 1 < deltas.length ? deltas[i + 1] : mean);
// When each sample was taken, in µs before the profile's end.
const beforeEnd = [];
for (let i = 0, at = profile.startTime; i < deltas.length; i++) {
  at += deltas[i];
  beforeEnd.push(profile.endTime - at);
}
const inWindow = (i) => beforeEnd[i] <= fromMs * 1000 && beforeEnd[i] >= toMs * 1000;
let total = 0;

const chains = new Map();
const self = new Map();
const inclusive = new Map();
const groups = new Map();
for (const [i, id] of profile.samples.entries()) {
  if (!inWindow(i)) continue;
  const weight = weightOf(i);
  total += weight;
  const label = labels.get(id);
  self.set(label, (self.get(label) ?? 0) + weight);
  groups.set(groupOf(label), (groups.get(groupOf(label)) ?? 0) + weight);
  const seen = new Set();
  if (callersArg) {
    const stack = [];
    for (let at = id; at !== undefined; at = parent.get(at)) stack.push(labels.get(at));
    const hit = stack.findLastIndex((frame) => callersArg.test(frame));
    if (hit !== -1) {
      const chain = stack.slice(hit, hit + 7).join("\n      <- ");
      chains.set(chain, (chains.get(chain) ?? 0) + weight);
    }
  }
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const frame = labels.get(at);
    if (seen.has(frame)) continue;
    seen.add(frame);
    inclusive.set(frame, (inclusive.get(frame) ?? 0) + weight);
  }
}

const idle = [...self].filter(([label]) => label.startsWith("(idle)")).reduce((sum, [, time]) => sum + time, 0);
const busy = total - idle;
const pct = (time) => `${((100 * time) / busy).toFixed(1).padStart(5)} %`;
const ms = (time) => `${Math.round(time / 1000)} ms`.padStart(9);
const table = (title, entries) => {
  console.log(`\n${title}`);
  for (const [label, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`  ${pct(time)} ${ms(time)}  ${label}`);
};

console.log(
  `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s profiled${windowArg ? ` (${fromMs}–${toMs} ms before the end)` : ""}, ${(busy / 1e6).toFixed(1)} s busy ` +
    `(${((100 * busy) / total).toFixed(0)} %); percentages are of busy time`,
);
table("self time by package / source file", groups);
table("self time by frame", self);
table(
  "inclusive time by frame",
  [...inclusive].filter(([label]) => !label.startsWith("(root)")),
);
if (callersArg) table(`callers of ${callersArg}`, chains);
