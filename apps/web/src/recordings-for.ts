import type { Transport } from '@connectrpc/connect';
import { createRecordingUploads, type RecordingUploads } from '@stream/recording-uploads';

/** The app's RecordingUploads, to this page's origin with the session's token (loaded with /record). */
export const recordingsFor = (getToken: () => Promise<string | undefined>, transport: Transport): RecordingUploads =>
  createRecordingUploads({ getToken, transport });
