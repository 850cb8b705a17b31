import { InvalidRangeError, type ByteRange } from './blob-store';

/** Throws InvalidRangeError unless `range` is whole numbers with 0 <= start <= end < size. */
export function assertRangeFits(key: string, range: ByteRange, size: number): void {
  const { start, end } = range;
  const fits = Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end && end < size;
  if (!fits) throw new InvalidRangeError(key, range, size);
}

/** The first `length` bytes of `into`, or a new buffer of `length` when none is given. */
export function fitTarget(into: Buffer | undefined, length: number): Buffer {
  if (!into) return Buffer.allocUnsafe(length);
  if (into.length < length) throw new RangeError(`A ${length}-byte read does not fit a ${into.length}-byte buffer`);
  return into.subarray(0, length);
}
