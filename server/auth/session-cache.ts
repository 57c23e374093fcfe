import type { Role } from "../../common/domain";

export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  companyName: string | null;
  role: Role;
  emailVerified: boolean;
};

export type CachedSession = {
  token: string;
  expiresAt: number;
  user: SessionUser;
};

type Entry = CachedSession & { cachedUntil: number };

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;
/**
 * How long a user's invalidations are gathered before listeners hear of them. One change often
 * arrives several times (the route's own call, the users trigger, and the echo of the route's
 * broadcast), and each would make the hub re-resolve every socket of that person and send them
 * "profile" again.
 */
const SETTLE_MS = 30;
/** People whose latest invalidation is remembered for the reads under way (`readMark`); past it, all are forgotten. */
const MAX_REMEMBERED_DROPS = 10_000;

/**
 * Sessions checked by better-auth, remembered for a few seconds so an
 * authenticated request costs no session query. Keyed by the whole signed
 * cookie, so only a cookie better-auth accepted can hit. Sign-out, password
 * changes and profile or role changes invalidate entries at once, in every
 * process (through `broadcast`); the short TTL bounds anything missed.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private broadcast: (message: string) => void = () => {};
  private readonly listeners = new Set<(userId: string, wholeUser: boolean) => unknown>();
  private readonly announced = new Set<(userId: string) => void>();
  private readonly everyone = new Set<() => void>();
  /** What listeners are still doing (a re-check reads sessions), awaited by close. */
  private readonly running = new Set<Promise<unknown>>();
  /** Users whose listeners are still to be told: whether the person (not one session) changed, and when. */
  private readonly pending = new Map<string, { wholeUser: boolean; timer: NodeJS.Timeout }>();
  private closed = false;
  /** Counts invalidations: a read's mark is the count when it began. */
  private epoch = 0;
  /** Each person's latest invalidation, by its count: a read begun before it may hold what it invalidated. */
  private readonly droppedAt = new Map<string, number>();
  /** Reads begun before this count may have missed an invalidation no longer remembered. */
  private forgottenBefore = 0;

  constructor(private readonly settleMs = SETTLE_MS) {}

  /** Connects the cache to the other processes; `message` comes back through `receive`. */
  setBroadcast(broadcast: (message: string) => void): void {
    this.broadcast = broadcast;
  }

  /**
   * Called when a user's sessions or profile changed (the live hub re-checks their sockets);
   * `wholeUser` when it was the person (role, profile, every session), not one session ending.
   * Called once per burst: `settleMs` after a user's first invalidation, for it and any that
   * arrive meanwhile, so always after the cache dropped what they invalidated.
   */
  onUserInvalidated(listener: (userId: string, wholeUser: boolean) => unknown): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called at once, with each invalidation as it arrives: what a listener of onUserInvalidated holds
   * of that person is out of date until it hears of it, SETTLE_MS later or more.
   */
  onUserInvalidationArrived(listener: (userId: string) => void): () => void {
    this.announced.add(listener);
    return () => this.announced.delete(listener);
  }

  get(cookie: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.expiresAt <= now) {
      this.entries.delete(cookie);
      return undefined;
    }
    return entry;
  }

  /**
   * Taken before a session is read from the database, and given to `set` with what was read. A read
   * that began before the person's role changed (or they were signed out, or deactivated) can finish
   * after the invalidation has come and gone: remembered, the old session would be served for the
   * whole TTL, and the live hub's re-check, which resolves through this cache, would keep the old
   * role on their open sockets.
   */
  readMark(): number {
    return this.epoch;
  }

  /** Whether `userId`'s sessions were invalidated since `mark` (readMark): a read begun before may be out of date. */
  invalidatedSince(userId: string, mark: number): boolean {
    return mark < this.forgottenBefore || (this.droppedAt.get(userId) ?? -1) > mark;
  }

  /** Remembers a session read since `mark` (readMark), unless its person was invalidated meanwhile. */
  set(cookie: string, session: CachedSession, mark: number, now = Date.now()): void {
    if (this.invalidatedSince(session.user.id, mark)) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(cookie, { ...session, cachedUntil: Math.min(now + TTL_MS, session.expiresAt) });
  }

  /**
   * Every invalidation may have been missed (the database's notifications were lost for a while): nothing
   * remembered is trusted, nor any read under way, and listeners of `onEveryoneInvalidated` re-check all
   * they hold. This process's own invalidations went through; other processes' may not have.
   */
  forgetAll(): void {
    this.entries.clear();
    this.epoch += 1;
    this.droppedAt.clear();
    this.forgottenBefore = this.epoch;
    if (this.closed) return;
    for (const listener of this.everyone) listener();
  }

  /** Called by `forgetAll`: anyone's sessions, role or account may have changed unheard. */
  onEveryoneInvalidated(listener: () => void): () => void {
    this.everyone.add(listener);
    return () => this.everyone.delete(listener);
  }

  invalidateToken(token: string, userId: string): void {
    this.dropToken(token, userId);
    this.broadcast(JSON.stringify({ token, userId }));
  }

  invalidateUser(userId: string): void {
    this.dropUser(userId);
    this.broadcast(JSON.stringify({ userId }));
  }

  /** Applies an invalidation broadcast by another process (or echoed back to this one). */
  receive(message: string): void {
    try {
      const parsed = JSON.parse(message) as { token?: string; userId?: string };
      if (typeof parsed.userId !== "string") return;
      if (typeof parsed.token === "string") this.dropToken(parsed.token, parsed.userId);
      else this.dropUser(parsed.userId);
    } catch {
      // A malformed broadcast changes nothing.
    }
  }

  private dropToken(token: string, userId: string): void {
    this.noteDrop(userId);
    this.dropWhere((entry) => entry.token === token);
    this.tellListeners(userId, false);
  }

  private dropUser(userId: string): void {
    this.noteDrop(userId);
    this.dropWhere((entry) => entry.user.id === userId);
    this.tellListeners(userId, true);
  }

  /**
   * Tells listeners nothing more and waits for what they are doing: the server is closing, and a
   * re-check needs its database.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await Promise.allSettled([...this.running]);
  }

  private tellListeners(userId: string, wholeUser: boolean): void {
    if (this.closed) return;
    for (const listener of this.announced) listener(userId);
    const waiting = this.pending.get(userId);
    if (waiting) {
      waiting.wholeUser ||= wholeUser;
      return;
    }
    const timer = setTimeout(() => {
      const whole = this.pending.get(userId)?.wholeUser === true;
      this.pending.delete(userId);
      for (const listener of this.listeners) {
        const work = Promise.resolve(listener(userId, whole));
        this.running.add(work);
        void work.finally(() => this.running.delete(work)).catch(() => {});
      }
    }, this.settleMs);
    timer.unref?.();
    this.pending.set(userId, { wholeUser, timer });
  }

  /** One session ending counts for its person: a read under way is not told which session it read. */
  private noteDrop(userId: string): void {
    this.epoch += 1;
    if (this.droppedAt.size >= MAX_REMEMBERED_DROPS) {
      this.droppedAt.clear();
      this.forgottenBefore = this.epoch;
    }
    this.droppedAt.set(userId, this.epoch);
  }

  private dropWhere(predicate: (entry: Entry) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry)) this.entries.delete(key);
  }
}
