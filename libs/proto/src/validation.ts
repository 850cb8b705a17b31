import { Code, ConnectError } from '@connectrpc/connect';
import {
  DEFAULT_PAGE_SIZE,
  MAX_DESCRIPTION_LENGTH,
  MAX_PAGE_SIZE,
  MAX_SHARE_SECONDS,
  MAX_TITLE_LENGTH,
} from './limits';
import { displayTextProblem } from './display-text';

// The checks of a request's fields that the server makes and every fake of it must make alike
// (apps/api's rpc validation and @stream/video-api/testing both call these), so the two answer
// the same invalid_argument for the same input.

export const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** PostgreSQL text cannot hold NUL, and no title, description, id or URL needs one. */
export function withoutNul(field: string, value: string): string {
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

/**
 * Trimmed; '' stays '' (CreateVideo then names it, UpdateVideo keeps the current title). One line
 * a person reads: displayTextProblem's rule (no control characters or direction overrides).
 */
export function validTitle(value: string): string {
  const title = withoutNul('title', value).trim();
  if (title.length > MAX_TITLE_LENGTH) throw invalid(`title must be at most ${MAX_TITLE_LENGTH} characters`);
  const problem = displayTextProblem(title);
  if (problem) throw invalid(`title ${problem}`);
  return title;
}

export function validDescription(value: string): string {
  withoutNul('description', value);
  if (value.length > MAX_DESCRIPTION_LENGTH)
    throw invalid(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  return value;
}

/** An absolute http(s) URL of a video hosted elsewhere, or ''. */
export function validSourceUrl(value: string): string {
  if (!value) return '';
  withoutNul('url', value);
  // The URL parser silently drops tabs, CR and LF, so without this check an address holding a
  // line break would be stored, and later written into pages and headers, as it was sent.
  if ([...value].some((char) => char < ' ' || char === '\x7f'))
    throw invalid('url must not contain control characters (line breaks, tabs)');
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

/** Seconds until a link expires: unset keeps the current expiry, 0 is never, at most ten years. */
export function validExpiry(value: bigint | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (value < 0n) throw invalid('expire_after_seconds must not be negative');
  if (value > BigInt(MAX_SHARE_SECONDS))
    throw invalid(`expire_after_seconds must be at most ${MAX_SHARE_SECONDS} (ten years)`);
  return value;
}
