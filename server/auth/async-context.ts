import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Every call into better-auth goes through here (its HTTP handler, getSession on a session-cache
 * miss), so that its request context costs nothing between calls.
 *
 * better-auth keeps that context in AsyncLocalStorage stores (in a global of its own,
 * `Symbol.for("better-auth:global")`). On Node 20 a store that has run once stays enabled, and while
 * any store is enabled every promise the process makes goes through async_hooks' init hook and each
 * store's propagation. After the first sign-in that was every request's tax, though the portal's
 * requests never enter better-auth (sessions are cached). Builds alternated on one database, the
 * server's CPU for `GET /api/me` fell from 272 to 234 µs a request on PostgreSQL (medians of 4 pairs)
 * and from 447 to 415 on PGlite (3 pairs; docs/performance.md, S26). So the calls are counted, and
 * once none is running the stores are disabled; the next call's `run` enables them again. A store is
 * disabled only when no call is running, so no call loses its context.
 */
let running = 0;

export async function insideBetterAuth<T>(call: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await call();
  } finally {
    running--;
    // After the call's own continuations (better-auth's after-hooks run as it settles).
    if (running === 0) setImmediate(disableIfIdle);
  }
}

function disableIfIdle(): void {
  if (running > 0) return;
  for (const store of betterAuthStores()) store.disable();
}

/** better-auth's AsyncLocalStorage stores, whatever it names them. */
export function betterAuthStores(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for("better-auth:global")
  ];
  return Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}
