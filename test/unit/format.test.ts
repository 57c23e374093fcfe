import { describe, expect, it } from "vitest";
import {
  countOf,
  currencyName,
  formatDate,
  formatDateTime,
  formatDay,
  formatInteger,
  formatMoney,
  formatMonth,
  LOCALE,
  lagosParts,
  TIME_ZONE,
} from "../../common/format";
import { fromMinorUnits, toMinorUnits } from "../../common/schemas";
import { compareText } from "../../common/text";
import { amountHint } from "../../src/components/AmountField";

describe("the product's one money and date format", () => {
  it("shows kobo as naira with the ₦ sign and two decimals", () => {
    expect(formatMoney(12_345_678, "NGN")).toBe("₦123,456.78");
    expect(formatMoney(8_000_000, "NGN")).toBe("₦80,000.00");
    expect(formatMoney(0, "NGN")).toBe("₦0.00");
    expect(formatMoney(5, "NGN")).toBe("₦0.05");
    expect(formatMoney(-150_000, "NGN")).toBe("-₦1,500.00");
    expect(formatMoney(100_000_000_000_000, "NGN")).toBe("₦1,000,000,000,000.00");
  });

  it("turns a typed amount into kobo and a stored one back into the text a form shows, exactly", () => {
    expect(toMinorUnits("1500.5")).toBe(150_050);
    expect(toMinorUnits(" 1500 ")).toBe(150_000);
    expect(toMinorUnits("0.07")).toBe(7);
    expect(toMinorUnits("999999999999.99")).toBe(99_999_999_999_999);
    expect(fromMinorUnits(150_050)).toBe("1500.50");
    expect(fromMinorUnits(7)).toBe("0.07");
    expect(fromMinorUnits(0)).toBe("0.00");
    expect(fromMinorUnits(-150_005)).toBe("-1500.05");
    for (const minor of [1, 99, 100, 25_000_050, 99_999_999_999_999])
      expect(toMinorUnits(fromMinorUnits(minor))).toBe(minor);
  });

  it("drops .00 from round prices only when asked (public plan cards)", () => {
    expect(formatMoney(8_000_000, "NGN", { whole: true })).toBe("₦80,000");
    expect(formatMoney(8_000_050, "NGN", { whole: true })).toBe("₦80,000.50");
  });

  it("writes money as Intl does for en-NG, with the symbol of each currency it knows", () => {
    for (const currency of ["NGN", "USD", "EUR", "GBP", "GHS"]) {
      const intl = new Intl.NumberFormat(LOCALE, {
        style: "currency",
        currency,
        currencyDisplay: "narrowSymbol",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      for (const minor of [0, 1, 99, 100, 123_456, 99_999_999, -7, -123_456_789, 2 ** 40])
        expect(formatMoney(minor, currency)).toBe(intl.format(minor / 100));
    }
  });

  it("writes any other currency by its code", () => {
    expect(formatMoney(123_450, "KES")).toBe("KES 1,234.50");
    expect(formatMoney(-100, "XOF", { whole: true })).toBe("-XOF 1");
  });

  it("groups the thousands of whole numbers", () => {
    expect(formatInteger(0)).toBe("0");
    expect(formatInteger(999)).toBe("999");
    expect(formatInteger(1000)).toBe("1,000");
    expect(formatInteger(12_345_678)).toBe("12,345,678");
    expect(formatInteger(-4000)).toBe("-4,000");
  });

  it("shows a calendar day as that day, whatever the viewer's time zone", () => {
    expect(formatDay("2026-01-01")).toBe("1 Jan 2026");
    expect(formatDay("2026-12-31")).toBe("31 Dec 2026");
    expect(formatDay("2026-09-05")).toBe("5 Sept 2026");
    expect(() => formatDay("2026-13-01")).toThrow(RangeError);
  });

  it("names every month as Intl's en-NG medium date does", () => {
    const intl = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, "0")}-15`;
      expect(formatDay(day)).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
    }
    expect(formatMonth("2026-09")).toBe("Sept 2026");
    expect(formatMonth("2025-12")).toBe("Dec 2025");
    expect(() => formatMonth("2025-13")).toThrow(RangeError);
  });

  it("shows instants as they were in Lagos (UTC+1)", () => {
    // 23:30 UTC on 31 December is already 1 January in Lagos.
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("1 Jan 2027");
    expect(formatDateTime("2026-12-31T23:30:00Z")).toBe("1 Jan 2027, 00:30");
    expect(formatDateTime("2026-06-01T11:05:00Z")).toBe("1 Jun 2026, 12:05");
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });

  it("reads the same date and time as Intl in the Africa/Lagos zone, across years and hours", () => {
    const intl = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE });
    const start = Date.UTC(1990, 0, 1);
    const end = Date.UTC(2040, 0, 1);
    // A step that is no whole number of hours or days, so the instants fall at every time of day.
    for (let time = start; time < end; time += 7_919_993_117) {
      expect(formatDateTime(new Date(time))).toBe(intl.format(new Date(time)));
    }
    expect(lagosParts("2026-02-28T23:59:59Z")).toEqual({
      year: 2026,
      month: 3,
      day: 1,
      hour: 0,
      minute: 59,
      second: 59,
    });
  });
});

describe("names in alphabetical order", () => {
  it("ignores case and accents, and orders names equal but for them as written", () => {
    const names = ["bola", "Adaeze", "Zainab", "Chinedu", "adaeze", "Émeka", "Emeka", "Ọlá", "Ola"];
    expect([...names].sort(compareText)).toEqual([
      "Adaeze",
      "adaeze",
      "bola",
      "Chinedu",
      "Emeka",
      "Émeka",
      "Ola",
      "Ọlá",
      "Zainab",
    ]);
  });
});

describe("a money field's hint", () => {
  it("names the product's currency, any other by its code", () => {
    expect(amountHint("NGN")).toBe("In naira, with up to two decimals, e.g. 150000.50.");
    expect(amountHint("USD")).toBe("In US dollars, with up to two decimals, e.g. 150000.50.");
    expect(["EUR", "GBP", "GHS", "KES"].map(currencyName)).toEqual(["euros", "pounds sterling", "cedis", "KES"]);
  });
});

describe("a count and what it counts", () => {
  it("says one in the singular, any other number in the plural, its thousands grouped", () => {
    expect([0, 1, 2, 1204].map((count) => countOf(count, "invoice"))).toEqual([
      "0 invoices",
      "1 invoice",
      "2 invoices",
      "1,204 invoices",
    ]);
    expect(countOf(3, "person", "people")).toBe("3 people");
  });
});
