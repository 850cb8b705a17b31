/**
 * Progress and cancellation with an injected, scripted XMLHttpRequest: happy-dom's XHR does not
 * emit upload progress events. Status mapping is tested against a real server in
 * upload-client.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createUploadClient } from './upload-client';
import { uploadMessages } from './upload-messages';

class ScriptedXhr {
  readonly upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  body: FormData | undefined;
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function setup() {
  const xhrs: ScriptedXhr[] = [];
  const client = createUploadClient({
    baseUrl: 'https://api.example.test/',
    getToken: async () => 'tok',
    isOnline: () => true,
    createXhr: () => {
      const xhr = new ScriptedXhr();
      xhrs.push(xhr);
      return xhr as unknown as XMLHttpRequest;
    },
  });
  return { client, xhrs };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await Promise.resolve();
  expect(check()).toBe(true);
};

describe('upload progress', () => {
  it('reports whole percentages as bytes leave, then 100 on success', async () => {
    const { client, xhrs } = setup();
    const seen: number[] = [];
    const done = client.upload(new Blob(['x'.repeat(1000)]), { onProgress: (p) => seen.push(p) });
    await until(() => xhrs.length === 1 && xhrs[0]!.body !== undefined);
    const xhr = xhrs[0]!;
    expect(xhr.opened).toEqual(['POST', 'https://api.example.test/api/videoservice/upload']);
    expect(xhr.headers).toEqual({
      authorization: 'Bearer tok',
      'idempotency-key': expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const file = xhr.body!.get('video') as File;
    expect(file.name).toBe('recording.webm');
    expect(file.size).toBe(1000);

    xhr.progress(0, 1000);
    xhr.progress(333, 1000);
    xhr.progress(10, 0, false); // unknown total: not reported
    xhr.progress(1000, 1000);
    xhr.answer(201, '{"message":"ok"}');

    expect(await done).toMatchObject({ ok: true, serverMessage: 'ok' });
    expect(seen).toEqual([0, 33, 100, 100]);
  });

  it('an aborted upload answers "aborted" and frees the lock', async () => {
    const { client, xhrs } = setup();
    const controller = new AbortController();
    const done = client.upload(new Blob(['x']), { signal: controller.signal });
    await until(() => xhrs[0]?.body !== undefined);
    controller.abort();
    expect(await done).toMatchObject({ ok: false, code: 'aborted' });
    expect(client.isUploading).toBe(false);
  });

  it('a server answer that is not JSON on success still counts as uploaded', async () => {
    const { client, xhrs } = setup();
    const done = client.upload(new Blob(['x']));
    await until(() => xhrs[0]?.body !== undefined);
    xhrs[0]!.answer(200, 'stored, thanks');
    expect(await done).toEqual({ ok: true, status: 200, message: 'Video uploaded successfully!' });
  });

  it('a getToken that throws fails the upload with the generic message and frees the lock', async () => {
    const client = createUploadClient({
      getToken: () => Promise.reject(new Error('no session')),
      isOnline: () => true,
      createXhr: () => new ScriptedXhr() as unknown as XMLHttpRequest,
    });
    expect(await client.upload(new Blob(['x']))).toMatchObject({
      ok: false,
      code: 'failed',
      message: 'Failed to upload video.',
      detail: 'getToken failed: no session',
    });
    expect(client.isUploading).toBe(false);
  });

  it('a getToken that fails because the network went away meanwhile gives the offline message', async () => {
    let online = true;
    const client = createUploadClient({
      getToken: () => {
        online = false;
        return Promise.reject(new Error('auth/network-request-failed'));
      },
      isOnline: () => online,
      createXhr: () => new ScriptedXhr() as unknown as XMLHttpRequest,
    });
    expect(await client.upload(new Blob(['x']))).toMatchObject({
      ok: false,
      code: 'offline',
      message: uploadMessages.offline,
    });
  });
});
