import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "../../server/db/lock";

/** The embedded database's lock: held against a live server, taken over from a dead or unrelated process. */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ls-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("DATA_DIR lock", () => {
  it("writes this process's pid and start time, and releases the lock", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const holder = JSON.parse(readFileSync(path.join(dir, "server.lock"), "utf8"));
    expect(holder.pid).toBe(process.pid);
    expect(holder.started).toMatch(/^\d+$/);
    release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  });

  it("refuses while the process that wrote the lock is running", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const started = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid: child.pid, started }));
      expect(() => lockDataDir(dir)).toThrow(/locked by another server/);
    } finally {
      child.kill();
    }
  });

  it("takes over a lock whose pid now belongs to another process", () => {
    const dir = tempDir();
    // PID 1 is alive, but it did not start at tick 1: the lock's writer is gone and its pid reused.
    writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid: 1, started: "1" }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, "server.lock"), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock left by a process that has exited", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => child.on("exit", resolve));
    writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid: child.pid, started: "123" }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, "server.lock"), "utf8")).pid).toBe(process.pid);
    release();
  });
});
