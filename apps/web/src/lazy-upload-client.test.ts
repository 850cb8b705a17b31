import type { UploadClient } from '@stream/video-api';
import { describe, expect, it, vi } from 'vitest';
import { lazyUploadClient } from './lazy-upload-client';

describe('lazyUploadClient', () => {
  it('loads the real client on the first upload, counts as uploading meanwhile, and loads it once', async () => {
    let finish: () => void = () => {};
    const real: UploadClient = {
      isUploading: false,
      upload: vi.fn(() => new Promise((resolve) => (finish = () => resolve({ ok: true }) as never))),
    } as unknown as UploadClient;
    const load = vi.fn(async () => real);
    const client = lazyUploadClient(load);
    expect(load).not.toHaveBeenCalled();
    expect(client.isUploading).toBe(false);

    const first = client.upload(new Blob(['a']));
    expect(client.isUploading).toBe(true);
    await vi.waitFor(() => expect(real.upload).toHaveBeenCalledOnce());
    finish();
    await first;
    finish = () => {};
    const second = client.upload(new Blob(['b']));
    await vi.waitFor(() => expect(real.upload).toHaveBeenCalledTimes(2));
    finish();
    await second;
    expect(load).toHaveBeenCalledOnce();
  });
});
