import type { Transport } from '@connectrpc/connect';
import { describe, expect, it, vi } from 'vitest';
import { lazyTransport } from './lazy-transport';

describe('lazyTransport', () => {
  it('loads the real transport on the first call only, and hands every call to it', async () => {
    const real = { unary: vi.fn(async () => 'unary answer'), stream: vi.fn(async () => 'stream answer') };
    const load = vi.fn(async () => real as unknown as Transport);
    const transport = lazyTransport(load);
    expect(load).not.toHaveBeenCalled();

    const args = [{}, undefined, undefined, undefined, {}] as unknown as Parameters<Transport['unary']>;
    await expect(transport.unary(...args)).resolves.toBe('unary answer');
    await expect(transport.stream(...(args as unknown as Parameters<Transport['stream']>))).resolves.toBe(
      'stream answer',
    );
    expect(load).toHaveBeenCalledOnce();
    expect(real.unary).toHaveBeenCalledWith(...args);
  });
});
