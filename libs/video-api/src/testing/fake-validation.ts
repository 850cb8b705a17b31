import { Code, ConnectError } from '@connectrpc/connect';
import { MAX_DESCRIPTION_LENGTH, MAX_PAGE_SIZE, MAX_TITLE_LENGTH, DEFAULT_PAGE_SIZE, Visibility } from '@stream/proto';

// The real service's checks of a request (apps/api/src/rpc/video.validation.ts), for the fakes:
// the contract suite (./contract) runs both and fails where they answer differently.

export const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** The longest link expiry ShareVideo accepts: ten years, in seconds. */
const MAX_SHARE_SECONDS = 10n * 365n * 24n * 3600n;

function withoutNul(field: string, value: string): string {
  if (value.includes('\0')) throw invalid(`${field} must not contain NUL characters`);
  return value;
}

/** An id (of a video, or a share token): required, at most 128 characters once trimmed. */
export function validId(field: string, value: string): string {
  const id = withoutNul(field, value).trim();
  if (!id) throw invalid(`${field} is required`);
  if (id.length > 128) throw invalid(`${field} is too long`);
  return id;
}

/** Trimmed; '' stays '' (CreateVideo then names it, UpdateVideo keeps the current title). */
export function validTitle(value: string): string {
  const title = withoutNul('title', value).trim();
  if (title.length > MAX_TITLE_LENGTH) throw invalid(`title must be at most ${MAX_TITLE_LENGTH} characters`);
  return title;
}

export function validDescription(value: string): string {
  withoutNul('description', value);
  if (value.length > MAX_DESCRIPTION_LENGTH)
    throw invalid(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  return value;
}

export function validVisibility(value: number): Visibility {
  if (!(value in Visibility) || typeof Visibility[value] !== 'string')
    throw invalid(`visibility ${value} is not a known Visibility`);
  return value as Visibility;
}

/** An absolute http(s) URL of a video hosted elsewhere, or ''. */
export function validSourceUrl(value: string): string {
  if (!value) return '';
  withoutNul('url', value);
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw invalid('url must be an absolute http(s) URL');
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw invalid('url must be an absolute http(s) URL');
  if (value.length > 2048) throw invalid('url must be at most 2048 characters');
  return value;
}

/** Page size 0 means the default; larger than the maximum is capped. Negative numbers are refused. */
export function validPage(pageSize: number, pageNumber: number): { size: number; number: number } {
  if (pageSize < 0) throw invalid('page_size must not be negative');
  if (pageNumber < 0) throw invalid('page_number must not be negative');
  return { size: Math.min(pageSize || DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE), number: pageNumber };
}

export function validExpiry(value: bigint | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (value < 0n) throw invalid('expire_after_seconds must not be negative');
  if (value > MAX_SHARE_SECONDS) throw invalid(`expire_after_seconds must be at most ${MAX_SHARE_SECONDS} (ten years)`);
  return value;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The title the server gives a video created without one: "Recording 25 Nov 2026 18:04" (UTC). */
export function defaultTitle(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
  return `Recording ${at.getUTCDate()} ${months[at.getUTCMonth()]}, ${time}`;
}
