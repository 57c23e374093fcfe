import { describe, expect, it } from "vitest";
import { NAMED_PEOPLE_MAX, NAMED_PEOPLE_READ, namedInclude, namedPeople } from "../../server/functions/changes";

const ids = (count: number) => Array.from({ length: count }, (_, i) => `person-${i}`);

describe("the people a live change names", () => {
  it("names each id a read returned, dropping the null a left join adds", () => {
    expect(namedPeople([...ids(NAMED_PEOPLE_MAX), null])).toEqual(ids(NAMED_PEOPLE_MAX));
    expect(namedPeople([])).toEqual([]);
  });

  it("says many past NAMED_PEOPLE_MAX, which the read's limit always lets it see", () => {
    expect(NAMED_PEOPLE_READ).toBeGreaterThan(NAMED_PEOPLE_MAX + 1);
    expect(namedPeople(ids(NAMED_PEOPLE_MAX + 1))).toBe("many");
    expect(namedPeople([null, ...ids(NAMED_PEOPLE_MAX + 1)])).toBe("many");
  });

  it("includes everyone in many, and only those named otherwise", () => {
    expect(namedInclude("many", "anyone")).toBe(true);
    expect(namedInclude(["person-1"], "person-1")).toBe(true);
    expect(namedInclude(["person-1"], "person-2")).toBe(false);
  });
});
