import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { StartupError } from "../config";

/**
 * PGlite has no lock between processes and two writers corrupt the data, so
 * the server holds a lock file in DATA_DIR naming its pid and when that
 * process started. A lock whose process is gone, or whose pid now belongs to
 * another process (pids are reused after a crash or a reboot), is stale and
 * taken over.
 */
type Holder = { pid: number; started: string | null };

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "server.lock");
  const me: Holder = { pid: process.pid, started: processStart(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockFile);
      if (holder && holder.pid !== process.pid && holds(holder)) {
        throw new StartupError(
          `DATA_DIR ${dataDir} is locked by another server (pid ${holder.pid}); stop it or use another DATA_DIR`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new StartupError(`Could not lock DATA_DIR ${dataDir}`);
}

function readHolder(lockFile: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(lockFile, "utf8").trim();
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder> | number;
    if (typeof parsed === "number") return { pid: parsed, started: null };
    return Number.isInteger(parsed.pid) ? { pid: parsed.pid as number, started: parsed.started ?? null } : null;
  } catch {
    return null;
  }
}

/** True while the process that wrote the lock is still the one running under its pid. */
function holds(holder: Holder): boolean {
  if (!isAlive(holder.pid)) return false;
  const started = processStart(holder.pid);
  // Where the start time can be read (Linux), a different one means the pid was reused.
  if (started !== null && holder.started !== null) return started === holder.started;
  return true;
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null off Linux. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
