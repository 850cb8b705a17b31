/** Seconds before "Resend" appears on the phone code screen (docs/product.md, Limits). */
export const RESEND_COUNTDOWN_SECONDS = 15;
/** Pause after a successful code before leaving the widget (docs/product.md, Limits). */
export const AFTER_PHONE_SUCCESS_MS = 1000;
/** Delay before a progress spinner appears (docs/product.md, Limits). */
export const SPINNER_DELAY_MS = 500;
/** Size of the Google and Facebook sign-in popup (docs/product.md, Limits; the SDK opens it at this size). */
export const POPUP_SIZE = { width: 500, height: 600 } as const;

/** "0:15", "0:09": the resend countdown as FirebaseUI shows it. */
export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Counts down once a second from `seconds` to 0, calling `onTick` with what is left (first call
 * immediately). Returns a function that stops it.
 */
export function startCountdown(seconds: number, onTick: (left: number) => void): () => void {
  let left = seconds;
  onTick(left);
  const timer = setInterval(() => {
    left -= 1;
    onTick(left);
    if (left <= 0) clearInterval(timer);
  }, 1000);
  return () => clearInterval(timer);
}
