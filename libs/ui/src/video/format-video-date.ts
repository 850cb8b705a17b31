// One style for every date on screen (issue 26): day, short month, year and the 24-hour time.
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Every date the app shows (cards, "Uploaded on {date}", the watch page, the profile, a link's
 * expiry, unfinished recordings): "25 Nov 2026, 16:23", in the viewer's time zone; '' for an
 * invalid date.
 */
export function formatDateTime(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/** The date of a video (cards, "Uploaded on {date}"), in the one style of `formatDateTime`. */
export const formatVideoDate = formatDateTime;
