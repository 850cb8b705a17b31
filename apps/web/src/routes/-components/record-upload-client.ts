import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import type { Session } from '@stream/auth';
import { Status, VideoService } from '@stream/proto';
import { openSpoolStore } from '@stream/recorder';
import { createResumableClient, createUploadClient, type UploadClient } from '@stream/video-api';
import { createInstantRecording, type InstantRecording } from './instant-recording';

const clients = new WeakMap<Session, UploadClient>();

/**
 * One upload client per session, so the single-upload lock holds across visits of /record (an
 * upload keeps running when the person leaves the page). Same origin as the page.
 */
export function uploadClientFor(session: Session): UploadClient {
  let client = clients.get(session);
  if (!client) {
    client = createUploadClient({ baseUrl: '', getToken: async () => (await session.getToken()) ?? undefined });
    clients.set(session, client);
  }
  return client;
}

const instants = new WeakMap<Session, InstantRecording>();

/**
 * The instant path (issue 13) for a session: upload while recording to the page's origin, the
 * local copy in OPFS or IndexedDB, links minted through the one transport. One per session, like the upload
 * client, so a recording going on survives leaving /record.
 */
export function instantRecordingFor(session: Session, transport: Transport): InstantRecording {
  let instant = instants.get(session);
  if (instant) return instant;
  const connectivity = (state: 'online' | 'offline') => instant?.connectivity(state);
  const client = createResumableClient({
    baseUrl: '',
    getToken: async () => (await session.getToken()) ?? undefined,
    onConnectivity: connectivity,
  });
  globalThis.addEventListener?.('offline', () => connectivity('offline'));
  instant = createInstantRecording({
    client,
    spools: openSpoolStore(),
    share: async (videoId) => (await callUnaryMethod(transport, VideoService.method.shareVideo, { videoId })).url,
    isReady: async (videoId) =>
      (await callUnaryMethod(transport, VideoService.method.getVideo, { videoId })).status === Status.READY,
  });
  instants.set(session, instant);
  return instant;
}
