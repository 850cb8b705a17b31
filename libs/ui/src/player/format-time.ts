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
