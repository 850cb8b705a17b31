import type { Session } from '@stream/auth';
import { createUploadClient, type UploadClient } from '@stream/video-api';

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
