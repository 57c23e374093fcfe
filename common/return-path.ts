/**
 * Where signing in returns someone the portal sent to /auth: the page they asked for (a link in a
 * mail, a tab whose session ended), kept as /auth's `redirect` parameter. Only a portal path is
 * followed, so the parameter cannot send anyone to another site or outside the portal.
 */
const RETURN_PATH_MAX_LENGTH = 500;

export function portalReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > RETURN_PATH_MAX_LENGTH) return undefined;
  return /^\/portal(?:[/?#]|$)/.test(value) ? value : undefined;
}

/** /auth's search, asked to come back to `path` (a path and query) once signed in; the portal's front page is where it goes anyway. */
export function returnSearch(path: string): { redirect?: string } {
  const back = portalReturnPath(path);
  return back && back !== "/portal" ? { redirect: back } : {};
}

/** The same as a URL, for the server's redirect. */
export function signInPath(path: string): string {
  const { redirect } = returnSearch(path);
  return redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : "/auth";
}
