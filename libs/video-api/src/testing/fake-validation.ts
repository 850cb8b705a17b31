import { invalid, Visibility } from '@stream/proto';

// The fakes check a request with the server's own field checks (@stream/proto's validation); the
// contract suite (./contract) runs fakes and server alike and fails where they answer differently.

export { invalid, validDescription, validExpiry, validId, validPage, validSourceUrl, validTitle } from '@stream/proto';

export function validVisibility(value: number): Visibility {
  if (!(value in Visibility) || typeof Visibility[value] !== 'string')
    throw invalid(`visibility ${value} is not a known Visibility`);
  return value as Visibility;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The title the server gives a video created without one: "Recording 25 Nov 2026 18:04" (UTC). */
export function defaultTitle(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
  return `Recording ${at.getUTCDate()} ${months[at.getUTCMonth()]}, ${time}`;
}
