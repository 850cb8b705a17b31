// @vitest-environment happy-dom
import { createFakeVideoService } from '@stream/video-api/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingUploads } from './create-recording-uploads.ts';

const OriginalXhr = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.XMLHttpRequest = OriginalXhr;
});

/** XMLHttpRequest that records where it was sent and answers 201 with video v9. */
function answeringXhr(sent: { url?: string; authorization?: string }) {
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
}

describe('createRecordingUploads', () => {
  it("sends the whole file with the user's token to the page's own origin by default", async () => {
    const sent: { url?: string; authorization?: string } = {};
    answeringXhr(sent);
    const uploads = createRecordingUploads({
      getToken: async () => 'id-token',
      transport: createFakeVideoService().transport,
      instant: false,
    });
    expect(uploads.instant).toBe(false);
    uploads.sinks({ mimeType: 'video/webm' });
    await uploads.finish(new Blob(['x']));
    expect(sent).toEqual({ url: '/api/videoservice/upload', authorization: 'Bearer id-token' });
    expect(uploads.state).toMatchObject({ status: 'uploaded', path: 'whole-file', videoId: 'v9' });
  });
});
