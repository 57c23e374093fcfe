import WebSocket from "ws";
import type { Client } from "./server";

/** A frame the live hub sends (see server/live/hub.ts ServerMessage). */
export type LiveFrame = {
  type: "subscribed" | "error" | "change" | "invalidate" | "value" | "profile";
  key?: (string | number)[];
  code?: string;
  op?: string;
  // biome-ignore lint/suspicious/noExplicitAny: rows differ per live query.
  row?: any;
  // biome-ignore lint/suspicious/noExplicitAny: a value push carries the key's whole value (presence: its viewers).
  value?: any;
};

export type LiveSocket = {
  frames: LiveFrame[];
  /** Resolves with the first frame (already received or coming) that matches, or rejects after `timeoutMs`. */
  next(match: (frame: LiveFrame) => boolean, timeoutMs?: number): Promise<LiveFrame>;
  /** Sends subscribe (with `since`, the time the subscriber's copy was read) and resolves with the hub's answer for that key (subscribed or error). */
  subscribe(key: (string | number)[], since?: number): Promise<LiveFrame>;
  send(message: unknown): void;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  close(): void;
  /** Stops reading the socket (a frozen tab), so what the server sends waits in the buffers; `resume` reads on. */
  pause(): void;
  resume(): void;
};

export type LiveRejection = { rejected: true; status: number };

/**
 * Opens /api/live as a browser on our pages would: the client's session cookie
 * and Origin = APP_URL (override `origin`, or pass null to send none).
 */
export function openLive(
  baseUrl: string,
  from: Client | null,
  options: { origin?: string | null } = {},
): Promise<LiveSocket | LiveRejection> {
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
  const headers: Record<string, string> = {};
  const cookie = from?.cookieHeader();
  if (cookie) headers.cookie = cookie;
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/live`, {
    headers,
    ...(origin !== null && { origin }),
  });
  const frames: LiveFrame[] = [];
  const waiters = new Set<{ match: (frame: LiveFrame) => boolean; resolve: (frame: LiveFrame) => void }>();
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as LiveFrame;
    frames.push(frame);
    for (const waiter of waiters) {
      if (waiter.match(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));

  const live: LiveSocket = {
    frames,
    closed,
    next(match, timeoutMs = 3_000) {
      const seen = frames.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no matching live frame within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
    subscribe(key, since) {
      const id = JSON.stringify(key);
      socket.send(JSON.stringify(since === undefined ? { type: "subscribe", key } : { type: "subscribe", key, since }));
      return live.next(
        (frame) => (frame.type === "subscribed" || frame.type === "error") && JSON.stringify(frame.key) === id,
      );
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
    close() {
      socket.close();
    },
    pause() {
      socket.pause();
    },
    resume() {
      socket.resume();
    },
  };

  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(live));
    socket.once("unexpected-response", (_request, response) => {
      resolve({ rejected: true, status: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.on("error", (error) => reject(error));
  });
}

/**
 * The live sockets a test file opens, each of which must be accepted (a refusal throws); `closeAll`
 * closes them (afterAll).
 */
export function liveSockets(baseUrl: () => string) {
  const open: LiveSocket[] = [];
  return {
    async open(from: Client | null, options: { origin?: string | null } = {}): Promise<LiveSocket> {
      const result = await openLive(baseUrl(), from, options);
      if ("rejected" in result) throw new Error(`live channel refused with ${result.status}`);
      open.push(result);
      return result;
    },
    closeAll(): void {
      for (const socket of open.splice(0)) socket.close();
    },
  };
}
