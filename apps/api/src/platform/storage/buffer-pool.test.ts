import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BufferPool } from './buffer-pool';

describe('BufferPool', () => {
  it('hands a returned buffer out again instead of allocating', () => {
    const pool = new BufferPool(1024);
    const first = pool.take();
    expect(first.length).toBe(1024);
    pool.give(first);
    expect(pool.take()).toBe(first);
    expect(pool.take()).not.toBe(first);
  });

  it('keeps at most its limit of free buffers, and only buffers of its size', () => {
    const pool = new BufferPool(16, 2);
    const taken = [pool.take(), pool.take(), pool.take()];
    for (const buffer of taken) pool.give(buffer);
    expect(pool.freeCount).toBe(2);
    pool.take();
    pool.give(Buffer.alloc(8));
    pool.give(taken[0]!.subarray(0, 8));
    expect(pool.freeCount).toBe(1);
  });
});

describe('BufferPool when idle', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('lets go of all but a few free buffers once nothing was taken for its idle time', () => {
    const pool = new BufferPool(16, 8, { idleMs: 1000, keepIdle: 1 });
    for (const buffer of Array.from({ length: 4 }, () => pool.take())) pool.give(buffer);
    expect(pool.freeCount).toBe(4);
    vi.advanceTimersByTime(999);
    expect(pool.freeCount).toBe(4);
    vi.advanceTimersByTime(1);
    expect(pool.freeCount).toBe(1);
  });

  it('keeps its free buffers while they are being taken, and lets go once that stops', () => {
    const pool = new BufferPool(16, 8, { idleMs: 1000, keepIdle: 1 });
    for (const buffer of [pool.take(), pool.take(), pool.take()]) pool.give(buffer);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(400);
      pool.give(pool.take());
    }
    expect(pool.freeCount).toBe(3);
    vi.advanceTimersByTime(2000);
    expect(pool.freeCount).toBe(1);
  });
});
