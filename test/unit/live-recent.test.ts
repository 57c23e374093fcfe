import { describe, expect, it } from "vitest";
import type { Delivery } from "../../server/live/collection";
import { RecentDeliveries } from "../../server/live/recent";
import type { Actor } from "../../server/rules";

/** What the live hub remembers of its deliveries, to answer a subscription's `since` (server/live/recent.ts). */
const alice: NonNullable<Actor> = { id: "alice", role: "client" };
const bob: NonNullable<Actor> = { id: "bob", role: "client" };
const KEY = JSON.stringify(["projects", "list"]);
const OTHER = JSON.stringify(["dashboard"]);

/** A delivery only `who` receives. */
const deliveryFor = (who: NonNullable<Actor>): Delivery => ({
  key: ["projects", "list"],
  pushFor: (actor) => (actor?.id === who.id ? { invalidate: true } : undefined),
});

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("recent deliveries", () => {
  it("knows nothing from before it started: any earlier time is stale", () => {
    const time = clock();
    const recent = new RecentDeliveries(time.now);
    time.advance(10_000);
    expect(recent.changedSince(KEY, 1_000_000 - 5_000, alice)).toBe(true);
    expect(recent.changedSince(KEY, 1_000_000 + 5_000, alice)).toBe(false);
  });

  it("reports a change of that key since then, only to who would have received it", () => {
    const time = clock();
    const recent = new RecentDeliveries(time.now);
    time.advance(10_000);
    const readAt = time.now();
    time.advance(3_000);
    recent.record(KEY, deliveryFor(alice));
    expect(recent.changedSince(KEY, readAt, alice)).toBe(true);
    expect(recent.changedSince(KEY, readAt, bob)).toBe(false);
    expect(recent.changedSince(OTHER, readAt, alice)).toBe(false);
    // Read after the change (allowing two seconds of clock skew between processes): nothing missed.
    expect(recent.changedSince(KEY, time.now() + 2_001, alice)).toBe(false);
  });

  it("forgets after a minute, and then cannot tell for times before what it forgot", () => {
    const time = clock();
    const recent = new RecentDeliveries(time.now);
    time.advance(10_000);
    const readAt = time.now();
    time.advance(3_000);
    recent.record(KEY, deliveryFor(alice));
    time.advance(61_000);
    // The change is forgotten, but a time before it is still answered "stale", never "current".
    expect(recent.changedSince(KEY, readAt, alice)).toBe(true);
    expect(recent.changedSince(KEY, readAt, bob)).toBe(true);
    expect(recent.changedSince(KEY, time.now(), bob)).toBe(false);
  });

  it("keeps at most 5,000 deliveries, then cannot tell for times before the oldest kept", () => {
    const time = clock();
    const recent = new RecentDeliveries(time.now);
    time.advance(10_000);
    const readAt = time.now();
    for (let i = 0; i < 5_001; i++) {
      time.advance(1);
      recent.record(OTHER, deliveryFor(alice));
    }
    expect(recent.changedSince(KEY, readAt, bob)).toBe(true);
    expect(recent.changedSince(KEY, time.now() + 2_001, bob)).toBe(false);
  });
});
