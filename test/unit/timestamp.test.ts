import { describe, expect, it } from "vitest";
import { DbTimestamp, parseTimestamptz } from "../../server/db/timestamp";

/** PostgreSQL's text for a timestamp with time zone, as both drivers hand it over, becomes a Date. */
describe("parseTimestamptz", () => {
  it.each([
    ["2026-03-04 12:34:56.789123+00", "2026-03-04T12:34:56.789Z"],
    ["2026-03-04 12:34:56.7+00", "2026-03-04T12:34:56.700Z"],
    ["2026-03-04 12:34:56.78+00", "2026-03-04T12:34:56.780Z"],
    ["2026-03-04 12:34:56+00", "2026-03-04T12:34:56.000Z"],
    ["2026-12-31 23:59:59.999999+00", "2026-12-31T23:59:59.999Z"],
  ])("reads the UTC text %s as the instant %s, and writes it as JSON unchanged", (text, iso) => {
    const value = parseTimestamptz(text);
    expect(value).toBeInstanceOf(DbTimestamp);
    expect(value.toISOString()).toBe(iso);
    // The same instant `new Date` reads from the text, the fraction cut to milliseconds.
    expect(value.getTime()).toBe(new Date(text).getTime());
    expect(JSON.stringify({ at: value })).toBe(`{"at":"${iso}"}`);
  });

  it("parses any other offset as new Date does", () => {
    const value = parseTimestamptz("2026-03-04 13:34:56.5+01");
    expect(value).not.toBeInstanceOf(DbTimestamp);
    expect(value.toISOString()).toBe("2026-03-04T12:34:56.500Z");
    expect(JSON.stringify(value)).toBe('"2026-03-04T12:34:56.500Z"');
  });

  it("leaves what is not a plain timestamp to new Date (infinity serialises as null, as before)", () => {
    expect(Number.isNaN(parseTimestamptz("infinity").getTime())).toBe(true);
    expect(JSON.stringify(parseTimestamptz("infinity"))).toBe("null");
    expect(parseTimestamptz("10000-01-01 00:00:00+00")).not.toBeInstanceOf(DbTimestamp);
  });

  it("reads the years before 100 as those years, not as 19xx", () => {
    expect(parseTimestamptz("0050-06-01 00:00:00+00").toISOString()).toBe("0050-06-01T00:00:00.000Z");
    expect(parseTimestamptz("0100-06-01 00:00:00+00").toISOString()).toBe("0100-06-01T00:00:00.000Z");
  });

  it("reads every instant as new Date does: each month's last day, leap days, midnight and the last millisecond", () => {
    for (const text of [
      "2024-02-29 00:00:00+00",
      "2025-02-28 23:59:59.999+00",
      "2026-01-31 12:00:00.5+00",
      "2026-04-30 07:08:09.010203+00",
      "1970-01-01 00:00:00+00",
      "1969-12-31 23:59:59.999+00",
      "9999-12-31 23:59:59.999999+00",
    ]) {
      const value = parseTimestamptz(text);
      expect(value, text).toBeInstanceOf(DbTimestamp);
      expect(value.getTime(), text).toBe(new Date(text).getTime());
      expect(JSON.stringify(value), text).toBe(JSON.stringify(new Date(new Date(text).getTime())));
    }
  });

  it("writes a value changed after it was read as the new instant", () => {
    const value = parseTimestamptz("2026-03-04 12:34:56.789+00");
    value.setUTCFullYear(2027);
    expect(JSON.stringify(value)).toBe('"2027-03-04T12:34:56.789Z"');
  });
});
