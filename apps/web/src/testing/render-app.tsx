import { createFakeAuthClient } from '@stream/auth/testing';
import type { RecorderOptions } from '@stream/recorder';
import { composeRecordingUploads } from '@stream/recording-uploads';
import type { UploadClient } from '@stream/video-api';
import type { Transport } from '@connectrpc/connect';
import { TeamService } from '@stream/proto';
import { createFakeTeamService, createFakeVideoService, type FakeVideoServiceOptions } from '@stream/video-api/testing';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App, createApp, rootOptions } from '../app';

export interface RenderAppOptions extends FakeVideoServiceOptions {
  /** Ada (ada@example.com, secret-1) signed in with a stored token; default true. */
  signedIn?: boolean;
  /** For /record: an upload client whose answers the test gives, and the fake browser's media. */
  uploads?: UploadClient;
  recorder?: RecorderOptions;
}

/**
 * The whole app at `path`, built by `createApp` as main.tsx builds it, over the fake identity
 * provider of `@stream/auth/testing` and the in-memory video service of `@stream/video-api/testing`.
 */
export function renderApp(path: string, { signedIn = true, uploads, recorder, ...videos }: RenderAppOptions = {}) {
  const auth = createFakeAuthClient();
  const ada = auth.addAccount({ email: 'ada@example.com', password: 'secret-1', displayName: 'Ada' });
  if (signedIn) {
    auth.restore('ada@example.com');
    window.localStorage.setItem('authToken', 'stored-token');
  } else {
    window.localStorage.removeItem('authToken');
  }
  // Ada is the service's user (unless a test names another uid for her); signed out, the service sees no caller.
  const callerId = videos.userId ?? ada.uid;
  const fake = createFakeVideoService({ ...videos, userId: callerId });
  const teams = createFakeTeamService({ userId: callerId });
  if (!signedIn) {
    fake.setCaller(undefined);
    teams.as(undefined);
  }
  // One transport, as the app has: TeamService calls go to the fake team service.
  const toTeams = (method: { parent: { typeName: string } }) => method.parent.typeName === TeamService.typeName;
  const transport = {
    unary: (method, ...rest) => (toTeams(method) ? teams.transport : fake.transport).unary(method, ...rest),
    stream: (method, ...rest) => (toTeams(method) ? teams.transport : fake.transport).stream(method, ...rest),
  } as Transport;
  const history = createMemoryHistory({ initialEntries: [path] });
  const app = createApp({
    authClient: auth,
    transport,
    storage: window.localStorage,
    history,
    // The whole file after Stop through `uploads` (a fake browser's recording has no local copy to upload from).
    ...(uploads ? { recordings: composeRecordingUploads({ wholeFile: uploads }) } : {}),
    ...(recorder ? { recorder } : {}),
  });
  app.session.subscribe(() => {
    fake.setCaller(app.session.isSignedIn() ? callerId : undefined);
    teams.as(app.session.isSignedIn() ? callerId : undefined);
  });
  // Timing only: retried calls (unavailable, ...) retry at once instead of after 1 s and 2 s.
  app.queryClient.setDefaultOptions({ queries: { ...app.queryClient.getDefaultOptions().queries, retryDelay: 0 } });
  const view = render(<App router={app.router} />, rootOptions);
  return { ...app, fake, teams, history, view };
}
