import type { UrlSigner } from '../services/url-signer';
import type { StoredVideo } from '../services/video.mapper';

export const streamPath = (id: string) => `/api/videoservice/video/${encodeURIComponent(id)}`;
export const thumbnailPath = (id: string) => `/api/videoservice/thumbnail/${encodeURIComponent(id)}`;

/**
 * The addresses a Video message carries: stream and thumbnail URLs signed for a `<video src>` or
 * `<img src>` (relative to the API's origin unless PUBLIC_URL is set), and share links.
 */
export class VideoLinks {
  constructor(
    private readonly signer: UrlSigner,
    private readonly publicUrl: string | undefined,
  ) {}

  streamUrl(video: StoredVideo): string {
    if (video.directUrls?.stream) return video.directUrls.stream;
    if (video.hasVideoBlob) return this.signed('video', video.id, streamPath(video.id));
    return video.sourceUrl ?? '';
  }

  thumbnailUrl(video: StoredVideo): string {
    if (video.directUrls?.thumbnail) return video.directUrls.thumbnail;
    return video.hasThumbnail ? this.signed('thumbnail', video.id, thumbnailPath(video.id)) : '';
  }

  /** A link that plays the video for whoever holds it; `origin` is used when PUBLIC_URL is unset. */
  shareUrl(video: StoredVideo, shareToken: string, origin: string): string {
    const base = (this.publicUrl ?? origin).replace(/\/+$/, '');
    return `${base}${streamPath(video.id)}?share=${encodeURIComponent(shareToken)}`;
  }

  private signed(resource: 'video' | 'thumbnail', id: string, path: string): string {
    const { expires, signature } = this.signer.sign(resource, id);
    const base = this.publicUrl?.replace(/\/+$/, '') ?? '';
    return `${base}${path}?expires=${expires}&signature=${signature}`;
  }
}
