import { createFakeAuthClient } from '@stream/auth/testing';
import { createFakeVideoService } from '@stream/video-api/testing';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';

describe("the app's recordings (router context)", () => {
  it('loads one RecordingUploads for the life of the app, so an upload and its lock outlive a visit of /record', async () => {
    const app = createApp({
      authClient: createFakeAuthClient(),
      transport: createFakeVideoService().transport,
      storage: window.localStorage,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    const { recordings } = app.router.options.context;
    const first = await recordings();
    expect(await recordings()).toBe(first);
    expect(first.state).toEqual({ status: 'idle' });
  });
});
