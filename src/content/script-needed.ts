/**
 * What a page with a form says where JavaScript is turned off (src/components/ScriptNeeded.tsx): its
 * forms cannot send without the app, and a submit only brings the page back (server/app.ts). The
 * pages the app draws alone say `shell` (scripts/prerender.mjs writes it into their HTML).
 */
export const SCRIPT_NEEDED = {
  auth: "Signing in and creating an account need JavaScript, which is turned off in this browser. Turn it on and reload this page.",
  /** Followed by the company's e-mail address, as a link. */
  contact:
    "Sending this form needs JavaScript, which is turned off in this browser. Turn it on and reload this page, or write to us at",
  portal: "The portal needs JavaScript, which is turned off in this browser. Turn it on and reload this page.",
  shell: "This page needs JavaScript, which is turned off in this browser. Turn it on and reload this page.",
} as const;

export type ScriptNeed = keyof typeof SCRIPT_NEEDED;
