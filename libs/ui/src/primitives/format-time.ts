/**
 * Seconds → "m:ss" with zero-padded seconds (docs/product.md, Screens): 5 → "0:05", 60 → "1:00", 3661 → "61:01".
 * Minutes are not folded into hours. Anything that is not a finite, non-negative number shows "0:00".
 */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/**
 * A length (a card's, the player's total) → "m:ss", rounded to the nearest second: the server's
 * measure (8.98 s) and the element's (9.02 s) of one video then both read "0:09", where flooring
 * gave the card "0:08" beside the player's "0:09".
 */
export function formatDuration(seconds: number): string {
  return formatTime(Number.isFinite(seconds) ? Math.round(seconds) : seconds);
}
