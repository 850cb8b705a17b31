const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Recording 22 Nov, 14:03:27" (UTC: the server does not know the viewer's zone): to the second,
 * so recordings made in the same minute are told apart, and short enough for two lines of the
 * narrowest card (150 px; with " UTC" or the year it took three). The card shows the full local
 * date below it.
 */
export function defaultTitle(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
  return `Recording ${at.getUTCDate()} ${months[at.getUTCMonth()]}, ${time}`;
}
