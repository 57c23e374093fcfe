/**
 * The product's one way to show money and dates, used by every screen, the
 * mails and the PDFs: one locale and one time zone (the company's, in Lagos),
 * so a date reads the same in a browser abroad, on the server and on paper.
 *
 * Written out here rather than asked of `Intl`, for two reasons:
 * - the server's HTML and the browser's hydration of it must read the same
 *   text, and Node's ICU and a browser's differ by version (September is
 *   "Sep" in some, "Sept" in others);
 * - the first `Intl` date or number format makes ICU's locale data resident:
 *   ~5–7 MB more for each server process, measured (`bench/idle-memory.mjs`),
 *   against a memory bar of 150 MB.
 * The text is what `Intl` gives for en-NG (CLDR 48): "5 Sept 2026",
 * "5 Sept 2026, 14:05", "₦1,234,567.89", "-₦1,500.00".
 */
export const LOCALE = "en-NG";
export const TIME_ZONE = "Africa/Lagos";

/** Lagos keeps West Africa Time, UTC+1 all year (no daylight saving since 1919). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** The narrow symbols of the currencies a company in Lagos is likely to bill in; any other is written by its code. */
const CURRENCY_SYMBOLS: Record<string, string> = { NGN: "₦", USD: "$", EUR: "€", GBP: "£", GHS: "GH₵" };

/** The same currencies by name, as a money field's hint says what it takes ("In naira"); any other by its code. */
const CURRENCY_NAMES: Record<string, string> = {
  NGN: "naira",
  USD: "US dollars",
  EUR: "euros",
  GBP: "pounds sterling",
  GHS: "cedis",
};
export const currencyName = (code: string) => CURRENCY_NAMES[code] ?? code;

/** A date's calendar fields as they are in Lagos. */
export type LagosParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** An instant's date and time of day in Lagos (month 1–12). */
export function lagosParts(instant: string | Date): LagosParts {
  const shifted = new Date(validDate(new Date(instant)).getTime() + LAGOS_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** A calendar day (YYYY-MM-DD, no time zone) as a date, never shifted a day by the viewer's zone. */
export function formatDay(day: string): string {
  const date = validDate(new Date(`${day}T00:00:00Z`));
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** An instant (ISO string or Date) as the date it was in Lagos. */
export function formatDate(instant: string | Date): string {
  const { year, month, day } = lagosParts(instant);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** An instant (ISO string or Date) as date and time (24-hour) in Lagos. */
export function formatDateTime(instant: string | Date): string {
  const { year, month, day, hour, minute } = lagosParts(instant);
  return `${day} ${MONTHS[month - 1]} ${year}, ${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** A month (YYYY-MM) as a chart's axis names it: "Sept 2026". */
export function formatMonth(yearMonth: string): string {
  const [year, month] = yearMonth.split("-").map(Number);
  if (!year || !month || month > 12) throw new RangeError(`Not a month: ${yearMonth}`);
  return `${MONTHS[month - 1]} ${year}`;
}

/** A whole number with its thousands grouped: 12,345. */
export function formatInteger(value: number): string {
  const rounded = Math.round(Math.abs(value));
  return (value < 0 && rounded > 0 ? "-" : "") + groupThousands(String(rounded));
}

/** A count and what it counts, in the singular or the plural: "1 invoice", "1,204 invoices". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}

/**
 * Integer minor units (kobo) as money in `currency`, to two decimals (spec §9).
 * `whole` drops ".00" from round prices, as the public plan cards show them.
 */
export function formatMoney(minor: number, currency: string, options: { whole?: boolean } = {}): string {
  const units = Math.round(Math.abs(minor));
  const digits = options.whole && units % 100 === 0 ? 0 : 2;
  const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
  const whole = groupThousands(String(Math.floor(units / 100)));
  const fraction = digits === 0 ? "" : `.${twoDigits(units % 100)}`;
  return `${minor < 0 && units > 0 ? "-" : ""}${symbol}${whole}${fraction}`;
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The date itself when valid; a RangeError for an invalid one, as `Intl` throws. */
function validDate(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return date;
}
