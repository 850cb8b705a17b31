import { InvalidBlobKeyError } from './blob-store';

/**
 * Checks that `key` is a relative, slash-separated name every store can hold safely: no leading
 * slash, no backslash, no empty, `.` or `..` segment, no control characters. Throws
 * InvalidBlobKeyError otherwise, before any byte is touched.
 */
export function assertValidBlobKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw new InvalidBlobKeyError(key);
  // eslint-disable-next-line no-control-regex
  if (key.includes('\\') || /[\u0000-\u001f\u007f]/.test(key)) throw new InvalidBlobKeyError(key);
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new InvalidBlobKeyError(key);
  }
}
