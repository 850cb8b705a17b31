import { createClient, type Transport } from '@connectrpc/connect';
import { Status, VideoService } from '@stream/proto';
import { createResumableClient, createUploadClient } from '@stream/video-api';
import { createInstantRecording } from './instant/instant-recording.ts';
import { composeRecordingUploads, type RecordingUploads } from './recording-uploads.ts';
import { renameRecording } from './share/rename-recording.ts';
import { changeWhoCanWatch, mintSharedLink, type WhoCanWatch } from './share/share-link.ts';
import { hasSpoolStorage, openSpoolStore } from './spool/open-spool-store.ts';

export interface RecordingUploadsOptions {
  /** Origin (and optional path prefix) of the Stream API; '' (the default) for the page's own. */
  baseUrl?: string;
  /** The signed-in user's Firebase ID token, asked for before every request. */
  getToken: () => string | undefined | Promise<string | undefined>;
  /** The video service's transport (`createVideoTransport`): mints the link, asks whether the video is READY. */
  transport: Transport;
  /** Upload while recording; defaults to whether the browser can keep a local copy (OPFS or IndexedDB). */
  instant?: boolean;
  /**
   * Who can watch a new recording, read when its link is minted; undefined: as the server made
   * it (the person's Default visibility, /settings).
   */
  defaultVisibility?: () => WhoCanWatch | undefined;
}

/**
 * A page's recordings on their way to videos, wired to a Stream server: the whole file through
 * POST /api/videoservice/upload, the instant path through tus at /api/uploads/ with its local copy
 * in OPFS or IndexedDB, the link through ShareVideo. Make one per signed-in app and keep it: the
 * one-upload-at-a-time lock, and a recording going on, outlive a visit of the recording page.
 */
export function createRecordingUploads({
  baseUrl = '',
  getToken,
  transport,
  instant = hasSpoolStorage(),
  defaultVisibility = () => undefined,
}: RecordingUploadsOptions): RecordingUploads {
  const wholeFile = createUploadClient({ baseUrl, getToken });
  const videos = createClient(VideoService, transport);
  const changeVisibility = (videoId: string, to: WhoCanWatch) => changeWhoCanWatch(videos, videoId, to);
  const rename = (videoId: string, title: string) => renameRecording(videos, videoId, title);
  if (!instant) return composeRecordingUploads({ wholeFile, changeVisibility, rename });
  const connectivity = (state: 'online' | 'offline') => path.connectivity(state);
  const path = createInstantRecording({
    client: createResumableClient({ baseUrl, getToken, onConnectivity: connectivity }),
    spools: openSpoolStore(),
    share: (videoId) => mintSharedLink(videos, videoId, defaultVisibility()),
    isReady: async (videoId) => (await videos.getVideo({ videoId })).status === Status.READY,
  });
  globalThis.addEventListener?.('offline', () => connectivity('offline'));
  return composeRecordingUploads({ wholeFile, instant: path, changeVisibility, rename });
}
