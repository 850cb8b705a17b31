export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header for a resource of `size` bytes. One `bytes=` range is honoured (`a-b`,
 * `a-`, `-n`); a missing, malformed or multi-range header gets the whole resource, as RFC 9110
 * allows; a well-formed range that starts past the end is unsatisfiable (416). Hand-written, not
 * range-parser (1.2 and 1.3 alike): that answers 416 to a suffix longer than the resource, which
 * RFC 9110 §14.1.1 serves whole, and to an invalid `5-2`, which the RFC says to ignore.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' }; // invalid: ignore
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
