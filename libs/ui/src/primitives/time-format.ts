const formats = new Map<string, Intl.DateTimeFormat>();

/** One format per locale, made once: `undefined` is the person's own (the browser's language). */
function dateTimeFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(key, format);
  }
  return format;
}

/**
 * Every date the app shows (cards, "Uploaded on {date}", the watch page, the profile, a link's
 * expiry, comments, keys, webhooks, unfinished recordings), in one style: the person's locale,
 * medium date and short time ("Nov 25, 2026, 4:23 PM" in American English, "25 Nov 2026, 16:23" in
 * British), in their time zone; '' for an invalid date. `locale` is for tests and previews only.
 */
export function formatDateTime(date: Date, locale?: string): string {
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat(locale).format(date);
}

/** The date of a video (cards, "Uploaded on {date}"), in the one style of `formatDateTime`. */
export const formatVideoDate = formatDateTime;

// A player's clock times (0:05, 61:01) and durations.
export { formatDuration, formatTime } from './format-time';
