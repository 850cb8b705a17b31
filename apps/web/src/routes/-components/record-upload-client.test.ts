// @vitest-environment happy-dom
import type { Session } from '@stream/auth';
import { describe, expect, it } from 'vitest';
import { uploadClientFor } from './record-upload-client';

function sessionWithToken(token: string | null): Session {
  return { getToken: async () => token } as Session;
}

describe('uploadClientFor', () => {
  it('gives one client per session, so the single-upload lock holds across visits of /record', () => {
    const session = sessionWithToken('t');
    expect(uploadClientFor(session)).toBe(uploadClientFor(session));
    expect(uploadClientFor(sessionWithToken('t'))).not.toBe(uploadClientFor(session));
  });

  it("sends the session's token to the page's own origin", async () => {
    const sent: { url?: string; authorization?: string } = {};
    const OriginalXhr = globalThis.XMLHttpRequest;
    globalThis.XMLHttpRequest = class {
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      status = 0;
      responseText = '';
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        if (name === 'authorization') sent.authorization = value;
      }
      send() {
        this.status = 201;
        this.responseText = '{"video":{"id":"v9"}}';
        this.onload?.();
      }
    } as unknown as typeof XMLHttpRequest;
    try {
      const result = await uploadClientFor(sessionWithToken('id-token')).upload(new Blob(['x']));
      expect(sent).toEqual({ url: '/api/videoservice/upload', authorization: 'Bearer id-token' });
      expect(result).toMatchObject({ ok: true, videoId: 'v9' });
    } finally {
      globalThis.XMLHttpRequest = OriginalXhr;
    }
  });
});
