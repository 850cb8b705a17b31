import { describe, expect, it } from 'vitest';
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
