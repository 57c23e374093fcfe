import { describe, expect, it } from "vitest";
import { untilNextLagosDay } from "../../src/features/invoices/api";
import { filenameOf } from "../../src/lib/api";

describe("untilNextLagosDay", () => {
  it("counts to the next midnight in Lagos (UTC+1), plus a second", () => {
    expect(untilNextLagosDay(new Date("2026-01-01T22:59:00.000Z"))).toBe(61_000);
    expect(untilNextLagosDay(new Date("2026-01-01T23:00:00.000Z"))).toBe(86_401_000);
    expect(untilNextLagosDay(new Date("2026-07-01T10:30:00.500Z"))).toBe((12 * 3600 + 30 * 60) * 1000 - 500 + 1000);
  });
});

describe("filenameOf", () => {
  it("prefers the UTF-8 name and falls back to the plain one", () => {
    expect(filenameOf(`attachment; filename="Q1 _.pdf"; filename*=UTF-8''Q1%20%E2%82%A6.pdf`)).toBe("Q1 ₦.pdf");
    expect(filenameOf('attachment; filename="INV-1.pdf"')).toBe("INV-1.pdf");
    expect(filenameOf(null)).toBeUndefined();
  });
});
