import { z } from "zod";
import { timestamp } from "./api";

/**
 * Settings' "Signed-in devices": the person's own sessions, so one left signed in on a shared or
 * lost device can be ended from another. A session's token never leaves the server: a device is
 * named by the session's id, which signs no one in.
 */
export const signedInDeviceSchema = z
  .object({
    id: z.string(),
    /** The browser and system its user agent names, e.g. "Chrome on Android". */
    device: z.string(),
    ipAddress: z.string().nullable(),
    signedInAt: timestamp,
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: "SignedInDevice" });

export const signedInDevicesSchema = z
  .object({
    /** The current session first, then the newest; at most SIGNED_IN_DEVICES_LISTED. */
    devices: z.array(signedInDeviceSchema),
    /** All of the person's unexpired sessions, listed or not. */
    total: z.number().int(),
  })
  .meta({ id: "SignedInDevices" });
export type SignedInDevice = z.input<typeof signedInDeviceSchema>;
export type SignedInDevices = z.input<typeof signedInDevicesSchema>;

/** Sessions last a week, so this is many sign-ins; "Sign out of other devices" ends the rest too. */
export const SIGNED_IN_DEVICES_LISTED = 20;

export const CURRENT_SESSION_KEPT = "This is the device you are using: use Logout to sign out of it.";

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|HeadlessChrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** "Chrome on Windows" from a user agent; what it does not name, it says it does not know. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : "Unknown browser");
}
