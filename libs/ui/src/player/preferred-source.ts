/** What MediaRecorder's WebM holds, as `canPlayType` is asked about it. */
export const WEBM_TYPE = 'video/webm; codecs="vp8, opus"';
/** What the MP4 rendition holds (H.264 and AAC-LC). */
export const MP4_TYPE = 'video/mp4; codecs="avc1.42E01E, mp4a.40.2"';

/**
 * The address the player loads: the video as recorded (`src`) when this browser says it plays
 * WebM, else its MP4 rendition when there is one (older Safari, many phones). The recording comes
 * first because the MP4 is an encode of it; `src` stays when there is nothing better to offer.
 * `canPlayType` is HTMLMediaElement's ('' no, 'maybe', 'probably').
 */
export function preferredSource(
  src: string,
  mp4Src: string | undefined,
  canPlayType: (type: string) => string,
): string {
  if (!mp4Src) return src;
  if (canPlayType(WEBM_TYPE) !== '') return src;
  return canPlayType(MP4_TYPE) !== '' ? mp4Src : src;
}

/** The browser's own answer, or '' outside one (server rendering, tests without media). */
export function browserCanPlayType(type: string): string {
  if (typeof document === 'undefined') return '';
  return document.createElement('video').canPlayType(type);
}
