/**
 * The product's one way to show money and dates, used by every screen, the
 * mails and the PDFs: one locale and one time zone (the company's, in Lagos),
 * so a date reads the same in a browser abroad, on the server and on paper.
 */
export const LOCALE = "en-NG";
export const TIME_ZONE = "Africa/Lagos";

const dayFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
});
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A calendar day (YYYY-MM-DD, no time zone) as a date, never shifted a day by the viewer's zone. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** An instant (ISO string or Date) as the date it was in Lagos. */
export function formatDate(instant: string | Date): string {
  return dateFormat.format(new Date(instant));
}

/** An instant (ISO string or Date) as date and time in Lagos. */
export function formatDateTime(instant: string | Date): string {
  return dateTimeFormat.format(new Date(instant));
}

/**
 * Integer minor units (kobo) as money in `currency`, to two decimals (spec §9).
 * `whole` drops ".00" from round prices, as the public plan cards show them.
 */
export function formatMoney(minor: number, currency: string, options: { whole?: boolean } = {}): string {
  const digits = options.whole && minor % 100 === 0 ? 0 : 2;
  const id = `${currency}:${digits}`;
  let format = moneyFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(id, format);
  }
  return format.format(minor / 100);
}
