import { describe, expect, it } from "vitest";
import { auditSearch as readAuditSearch } from "../../src/features/admin/search";

/** The URL's search as TanStack Router hands it over (its input marker is a type only). */
const auditSearch = (raw: Record<string, unknown>) => readAuditSearch(raw as Parameters<typeof readAuditSearch>[0]);

/** The audit log's URL, read as the API will accept it: a bad day is left out, not sent for a 400. */
describe("auditSearch", () => {
  it("keeps real days in the API's years and leaves out the rest", () => {
    expect(auditSearch({ from: "2026-02-28", to: "2026-03-01" })).toMatchObject({
      from: "2026-02-28",
      to: "2026-03-01",
    });
    for (const day of ["2025-02-30", "2026-13-01", "1800-01-01", "3000-01-01", "yesterday", 20260101]) {
      expect(auditSearch({ from: day }).from, String(day)).toBeUndefined();
      expect(auditSearch({ to: day }).to, String(day)).toBeUndefined();
    }
    expect(auditSearch({ from: "2024-02-29" }).from).toBe("2024-02-29");
  });

  it("reads a range given backwards as the range between its days", () => {
    expect(auditSearch({ from: "2026-05-10", to: "2026-05-01" })).toMatchObject({
      from: "2026-05-01",
      to: "2026-05-10",
    });
  });
});
