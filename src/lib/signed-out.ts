/**
 * The server sends /auth's documents (the prerendered sign-in page and the app's shell for /auth) only
 * to a visitor it found signed out, and sends a signed-in one on to the portal (server/app.ts). The
 * documents say so in <script id="signed-out" type="application/json">, written by the build
 * (scripts/prerender.mjs), and the page's first session check (src/lib/session.ts) is answered from
 * it: asked of GET /api/me, the 401 would be logged in the console as an error.
 */
export const SIGNED_OUT_ID = "signed-out";

export const SIGNED_OUT_MARK = `<script id="${SIGNED_OUT_ID}" type="application/json">true</script>`;

/** Whether this document was served to a visitor the server found signed out. */
export const servedSignedOut = () => typeof document !== "undefined" && document.getElementById(SIGNED_OUT_ID) !== null;
