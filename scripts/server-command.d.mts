// Types for server-command.mjs, so the TypeScript suites start the server the same way.
import type { ChildProcess } from "node:child_process";

export declare const SERVER_MAIN: string;
export declare function serverNodeFlags(env: Record<string, string | undefined>): string[];
export declare const SERVER_ENV: Record<string, string>;

export declare function freePort(): Promise<number>;
/** `start(port)` on a free port, on another one (up to 3) if the port was taken before it listened. */
export declare function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T>;

export type ServerProcess = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** From spawn to the first healthy answer. */
  readyMs: number;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
};

export declare function startServerProcess(options: {
  args?: string[];
  env?: Record<string, string>;
  dataDir: string;
  port?: number;
  timeoutMs?: number;
}): Promise<ServerProcess>;
