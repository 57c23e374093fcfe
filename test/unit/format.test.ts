import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, formatMoney } from "../../common/format";

describe("the product's one money and date format", () => {
  it("shows kobo as naira with the ₦ sign and two decimals", () => {
    expect(formatMoney(12_345_678, "NGN")).toBe("₦123,456.78");
    expect(formatMoney(8_000_000, "NGN")).toBe("₦80,000.00");
  });

  it("drops .00 from round prices only when asked (public plan cards)", () => {
    expect(formatMoney(8_000_000, "NGN", { whole: true })).toBe("₦80,000");
    expect(formatMoney(8_000_050, "NGN", { whole: true })).toBe("₦80,000.50");
  });

  it("shows a calendar day as that day, whatever the viewer's time zone", () => {
    expect(formatDay("2026-01-01")).toBe("1 Jan 2026");
    expect(formatDay("2026-12-31")).toBe("31 Dec 2026");
  });

  it("shows instants as they were in Lagos (UTC+1)", () => {
    // 23:30 UTC on 31 December is already 1 January in Lagos.
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("1 Jan 2027");
    expect(formatDateTime("2026-12-31T23:30:00Z")).toBe("1 Jan 2027, 00:30");
  });
});
