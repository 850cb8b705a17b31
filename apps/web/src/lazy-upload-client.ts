import type { UploadClient, UploadOptions } from '@stream/video-api';

/**
 * An upload client that loads the real one on the first upload: only /record uploads, and its
 * client (with what the instant path brings along) need not weigh on the first page.
 */
export function lazyUploadClient(load: () => Promise<UploadClient>): UploadClient {
  let client: UploadClient | undefined;
  let loading: Promise<UploadClient> | undefined;
  // Uploads asked for while the client loads count as running, so a second one still hears "busy".
  let starting = 0;
  return {
    get isUploading() {
      return starting > 0 || (client?.isUploading ?? false);
    },
    async upload(recording: Blob, options?: UploadOptions) {
      starting++;
      try {
        client ??= await (loading ??= load());
      } finally {
        starting--;
      }
      return client.upload(recording, options);
    },
  };
}
