/** The expiry choices of the share dialog; 'date' is until the end of a chosen day. */
export type ExpiryChoice = 'never' | '1d' | '7d' | '30d' | 'date';

const DAY_SECONDS = 24 * 60 * 60;

export const EXPIRY_OPTIONS: { value: ExpiryChoice; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'date', label: 'On a date' },
];

const daysOf: Record<Exclude<ExpiryChoice, 'never' | 'date'>, number> = { '1d': 1, '7d': 7, '30d': 30 };

/**
 * Seconds from `now` until the link should expire (0: never), or undefined when the choice cannot
 * be used (no date, or a date already past). A date means the end of that day in the viewer's time zone.
 */
export function expireAfterSeconds(choice: ExpiryChoice, date: string, now: Date): number | undefined {
  if (choice === 'never') return 0;
  if (choice !== 'date') return daysOf[choice] * DAY_SECONDS;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1);
  const seconds = Math.floor((end.getTime() - now.getTime()) / 1000);
  return seconds > 0 ? seconds : undefined;
}

/** A date input's value for `date` (local time): YYYY-MM-DD. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
