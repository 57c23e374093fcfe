import type { Role } from "../../common/domain";
import type { Auth } from ".";
import { insideBetterAuth } from "./async-context";
import type { CachedSession, SessionCache } from "./session-cache";

export type SessionResolver = {
  cookieName: string;
  /** Checks a session cookie's value: from the cache, else through better-auth. */
  resolve(cookie: string): Promise<{ session: CachedSession | null; setCookies: string[] }>;
};

export async function createSessionResolver(auth: Auth, cache: SessionCache): Promise<SessionResolver> {
  const context = await auth.$context;
  const cookieName = context.authCookies.sessionToken.name;
  return {
    cookieName,
    async resolve(cookie) {
      const cached = cache.get(cookie);
      if (cached) return { session: cached, setCookies: [] };
      const mark = cache.readMark();
      const result = await insideBetterAuth(() =>
        auth.api.getSession({ headers: new Headers({ cookie: `${cookieName}=${cookie}` }), returnHeaders: true }),
      );
      const setCookies = result.headers.getSetCookie();
      const found = result.response;
      if (!found) return { session: null, setCookies };
      const user = found.user as typeof found.user & {
        companyName?: string | null;
        role?: string;
        archivedAt?: Date | string | null;
      };
      // A deactivated person's session has ended, whatever its expiry says.
      if (user.archivedAt) return { session: null, setCookies };
      const session: CachedSession = {
        token: found.session.token,
        expiresAt: new Date(found.session.expiresAt).getTime(),
        user: {
          id: user.id,
          email: user.email,
          fullName: user.name,
          companyName: user.companyName ?? null,
          role: (user.role ?? "client") as Role,
          emailVerified: user.emailVerified,
        },
      };
      cache.set(cookie, session, mark);
      return { session, setCookies };
    },
  };
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
