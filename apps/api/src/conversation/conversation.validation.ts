import { Code, ConnectError } from '@connectrpc/connect';
import { MAX_COMMENT_LENGTH, REACTION_EMOJI, type PlaybackRange } from '@stream/proto';

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

export const MAX_RANGES_PER_BEACON = 100;
export const MAX_COMMENT_PAGE_SIZE = 200;
const ID = /^[A-Za-z0-9_-]{1,128}$/;

export function id(field: string, value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw invalid(`${field} is required`);
  if (!ID.test(trimmed)) throw invalid(`${field} is not an id`);
  return trimmed;
}

export const optionalId = (field: string, value: string) => (value.trim() ? id(field, value) : undefined);

/**
 * A comment's text: trimmed, 1 to MAX_COMMENT_LENGTH characters, no NUL or other control
 * characters but line breaks and tabs. Kept as written otherwise: it is text, never markup.
 */
export function commentText(value: string): string {
  const text = value.trim();
  if (!text) throw invalid('text is required');
  if ([...text].length > MAX_COMMENT_LENGTH) throw invalid(`text is longer than ${MAX_COMMENT_LENGTH} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
    throw invalid('text must not contain control characters');
  return text;
}

/** A moment of the video in seconds: finite and not negative (the service clamps it to the video's end). */
export function moment(value: number): number {
  if (!Number.isFinite(value) || value < 0) throw invalid('moment_seconds must be a number of seconds from 0');
  return value;
}

export function emoji(value: string): string {
  if (!REACTION_EMOJI.includes(value)) throw invalid(`emoji must be one of ${REACTION_EMOJI.join(' ')}`);
  return value;
}

/** An event number from ListComments or the stream; empty: from now on. */
export function cursor(value: string): number | undefined {
  if (!value) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw invalid('since_cursor is not a cursor');
  return Number(value);
}

export function sessionId(value: string): string {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(value)) throw invalid('session_id must be 8 to 64 letters, digits, - or _');
  return value;
}

export function ranges(values: readonly PlaybackRange[]): { startSeconds: number; endSeconds: number }[] {
  if (values.length === 0) throw invalid('ranges is required');
  if (values.length > MAX_RANGES_PER_BEACON) throw invalid(`at most ${MAX_RANGES_PER_BEACON} ranges per call`);
  return values.map(({ startSeconds, endSeconds }) => {
    if (
      !Number.isFinite(startSeconds) ||
      !Number.isFinite(endSeconds) ||
      startSeconds < 0 ||
      endSeconds <= startSeconds
    )
      throw invalid('each range needs 0 <= start_seconds < end_seconds');
    return { startSeconds, endSeconds };
  });
}

export function pageSize(value: number): number {
  if (value < 0) throw invalid('page_size must not be negative');
  return value === 0 ? 50 : Math.min(value, 100);
}

export function notificationIds(values: readonly string[], all: boolean): string[] | undefined {
  if (all) return undefined;
  if (values.length > 500) throw invalid('at most 500 ids per call');
  return values.map((value) => id('ids', value));
}

/** ListComments' paging: none (size 0, no token), or 1 to MAX_COMMENT_PAGE_SIZE top-level comments. */
export function commentPage(size: number, token: string): { size: number; token?: string } | undefined {
  if (!Number.isInteger(size) || size < 0 || size > MAX_COMMENT_PAGE_SIZE)
    throw invalid(`page_size is 0 (everything) to ${MAX_COMMENT_PAGE_SIZE}`);
  if (size === 0) {
    if (token) throw invalid('page_token needs a page_size');
    return undefined;
  }
  return { size, ...(token ? { token } : {}) };
}
