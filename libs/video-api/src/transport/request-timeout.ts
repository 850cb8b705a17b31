/** docs/product.md, Limits: the client's request timeout is 1.1 times the deadline, and at least 1000 ms. */
export function requestTimeoutMs(deadlineMs: number): number {
  if (!Number.isFinite(deadlineMs) || deadlineMs < 0) {
    throw new RangeError(`deadlineMs must be a finite number >= 0, got ${deadlineMs}`);
  }
  return Math.max(1000, Math.ceil(deadlineMs * 1.1));
}
