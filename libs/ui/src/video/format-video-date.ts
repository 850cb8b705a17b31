const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The date shown on cards and in "Uploaded on {date}": "Jan 2, 2026", in the viewer's time zone. */
export function formatVideoDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
