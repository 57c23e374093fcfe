import { readFileSync } from "node:fs";
export function breakdown(pid) {
  const text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  const maps = [];
  let cur;
  for (const line of text.split("\n")) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      cur = { size: (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1048576, name: head[3] || "[anon]", rss: 0 };
      maps.push(cur);
      continue;
    }
    const m = line.match(/^Rss:\s+(\d+) kB/);
    if (m && cur) cur.rss = Number(m[1]) / 1024;
  }
  const wasm = maps.filter((m) => m.size > 1000 && m.name === "[anon]").reduce((a, m) => a + m.rss, 0);
  const byName = {};
  for (const m of maps) {
    const k =
      m.size > 1000 && m.name === "[anon]"
        ? "wasm-reservation"
        : m.name.startsWith("/")
          ? "files:" + m.name.split("/").pop()
          : m.name;
    byName[k] = (byName[k] ?? 0) + m.rss;
  }
  const total = maps.reduce((a, m) => a + m.rss, 0);
  const top = Object.entries(byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => `${k}=${v.toFixed(1)}`)
    .join(" ");
  return `total ${total.toFixed(1)} MB, wasm ${wasm.toFixed(1)} MB; ${top}`;
}
