import { describe, expect, it } from "vitest";
import { type CachedSession, SessionCache } from "../../server/auth/session-cache";

const session = (userId: string, token = `token-${userId}`): CachedSession => ({
  token,
  expiresAt: Date.now() + 60_000,
  user: {
    id: userId,
    email: `${userId}@example.test`,
    fullName: userId,
    companyName: null,
    role: "client",
    emailVerified: true,
  },
});

describe("SessionCache", () => {
  it("tells whether a person was invalidated since a read began", () => {
    const cache = new SessionCache(0);
    const before = cache.readMark();
    expect(cache.invalidatedSince("ada", before)).toBe(false);
    cache.invalidateUser("ada");
    expect(cache.invalidatedSince("ada", before)).toBe(true);
    expect(cache.invalidatedSince("bola", before)).toBe(false);
    expect(cache.invalidatedSince("ada", cache.readMark())).toBe(false);
  });

  it("forgetAll drops every session, keeps none read before it, and tells its listeners", () => {
    const cache = new SessionCache(0);
    let told = 0;
    cache.onEveryoneInvalidated(() => {
      told += 1;
    });
    cache.set("cookie-a", session("ada"), cache.readMark());
    const underWay = cache.readMark();
    expect(cache.get("cookie-a")?.user.id).toBe("ada");

    cache.forgetAll();

    expect(told).toBe(1);
    expect(cache.get("cookie-a")).toBeUndefined();
    // A read begun before may hold what was invalidated unheard: not remembered, and said so.
    expect(cache.invalidatedSince("bola", underWay)).toBe(true);
    cache.set("cookie-b", session("bola"), underWay);
    expect(cache.get("cookie-b")).toBeUndefined();
    // One begun after is.
    cache.set("cookie-b", session("bola"), cache.readMark());
    expect(cache.get("cookie-b")?.user.id).toBe("bola");
  });
});
