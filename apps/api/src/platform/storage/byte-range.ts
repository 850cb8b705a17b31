import { InvalidRangeError, type ByteRange } from './blob-store';

/** Throws InvalidRangeError unless `range` is whole numbers with 0 <= start <= end < size. */
export function assertRangeFits(key: string, range: ByteRange, size: number): void {
  const { start, end } = range;
  const fits = Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end && end < size;
  if (!fits) throw new InvalidRangeError(key, range, size);
}
