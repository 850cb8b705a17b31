import type { CommentPagePlace } from './comment.repository';
import { AppError } from '../platform/app-error';

/** A page's place as the opaque token ListComments hands out (base64url JSON). */
export const pageTokenOf = (place: CommentPagePlace) =>
  Buffer.from(JSON.stringify([place.momentSeconds, place.createdAt, place.id])).toString('base64url');

/** The place a page token names; invalid_argument for anything this server did not write. */
export function placeOf(token: string): CommentPagePlace {
  const refused = () => new AppError('invalid_argument', 'page_token is not one ListComments gave');
  if (token.length > 400 || !/^[A-Za-z0-9_-]+$/.test(token)) throw refused();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString());
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refused();
  const [momentSeconds, createdAt, id] = parsed as unknown[];
  if (typeof momentSeconds !== 'number' || !Number.isFinite(momentSeconds) || momentSeconds < 0) throw refused();
  if (typeof createdAt !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(createdAt))
    throw refused();
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(id)) throw refused();
  return { momentSeconds, createdAt, id };
}
