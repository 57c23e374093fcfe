import type { Actor } from "../rules";
import type { Delivery } from "./collection";

/**
 * The changes this process delivered in the last WINDOW_MS, so a subscriber
 * holding data read at a known time (a portal page rendered on the server,
 * src/portal-watch.ts) learns whether anything it may see has touched the key
 * since: the live channel's answer to "is my copy still current?". Bounded
 * in time and count; past either bound, or before this process started
 * listening, it cannot tell and says so, and the subscriber refetches.
 */

const WINDOW_MS = 60_000;
const MAX_ENTRIES = 5_000;
/** Read times come from the process that rendered the page, perhaps on another machine: allow for clock skew. */
const SKEW_MS = 2_000;

type Entry = { at: number; keyId: string; delivery: Delivery };

export class RecentDeliveries {
  /** Oldest first; `entries[head]` is the oldest kept (dropped ones are compacted away now and then). */
  private entries: Entry[] = [];
  private head = 0;
  /** Everything delivered from this time on is known. */
  private knownFrom: number;

  constructor(private readonly now: () => number = Date.now) {
    this.knownFrom = now();
  }

  record(keyId: string, delivery: Delivery): void {
    this.entries.push({ at: this.now(), keyId, delivery });
    this.trim();
  }

  /**
   * Whether `actor` may have missed a change of the key since `since`: true when one they would have
   * received was delivered since then, or when that time is older than what this process knows.
   */
  changedSince(keyId: string, since: number, actor: Actor): boolean {
    this.trim();
    const from = since - SKEW_MS;
    if (from < this.knownFrom) return true;
    for (let i = this.head; i < this.entries.length; i++) {
      const entry = this.entries[i] as Entry;
      if (entry.at >= from && entry.keyId === keyId && entry.delivery.pushFor(actor) !== undefined) return true;
    }
    return false;
  }

  private trim(): void {
    const horizon = this.now() - WINDOW_MS;
    while (this.head < this.entries.length) {
      const oldest = this.entries[this.head] as Entry;
      if (oldest.at >= horizon && this.entries.length - this.head <= MAX_ENTRIES) break;
      this.knownFrom = Math.max(this.knownFrom, oldest.at + 1);
      this.head++;
    }
    if (this.head > 1_000 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}
