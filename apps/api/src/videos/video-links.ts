import { createHash } from 'node:crypto';
import type { SignedResource, UrlSigner } from './url-signer';
import type { StoredVideo } from './video.mapper';

export const streamPath = (id: string) => `/api/videoservice/video/${encodeURIComponent(id)}`;
export const thumbnailPath = (id: string) => `/api/videoservice/thumbnail/${encodeURIComponent(id)}`;
export const sharePagePath = (token: string) => `/s/${encodeURIComponent(token)}`;
export const watchPagePath = (id: string) => `/watch/${encodeURIComponent(id)}`;
export const embedPagePath = (token: string) => `/embed/${encodeURIComponent(token)}`;
export const hlsPath = (id: string) => `/api/videoservice/hls/${encodeURIComponent(id)}`;
/** The unedited video (owner only), hover previews and captions, served like the stream. */
export const mediaPath = (resource: 'original' | 'storyboard' | 'captions' | 'mp4', id: string) =>
  `/api/videoservice/${resource}/${encodeURIComponent(id)}`;

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
    if (video.hasVideoBlob) return this.signed('video', video, streamPath(video.id)) + playingVersion(video);
    return video.sourceUrl ?? '';
  }

  thumbnailUrl(video: StoredVideo): string {
    if (video.directUrls?.thumbnail) return video.directUrls.thumbnail;
    return video.hasThumbnail ? this.signed('thumbnail', video, thumbnailPath(video.id)) + playingVersion(video) : '';
  }

  /** The unedited video, for its owner's editor: hand it to nobody else. */
  originalUrl(video: StoredVideo): string {
    return video.hasVideoBlob ? this.signed('original', video, mediaPath('original', video.id)) : '';
  }

  /** The MP4 rendition of what plays, once made; '' before. */
  mp4Url(video: StoredVideo): string {
    return video.hasVideoBlob && video.mp4State === 'READY'
      ? this.signed('mp4', video, mediaPath('mp4', video.id)) + playingVersion(video)
      : '';
  }

  /**
   * The HLS master playlist, once the MP4 rendition and its lower rungs are made; '' for
   * a video with none (720p or less). One signature for the whole presentation: the route adds the
   * playlist's own query to every address inside it, so playlists stay stored as ffmpeg measured
   * them and a player asks for nothing unsigned (`rung` names one rung's playlist alone).
   */
  hlsUrl(video: StoredVideo, rung?: number): string {
    if (!video.hasVideoBlob || video.mp4State !== 'READY' || video.hlsRungs.length === 0) return '';
    const file = rung === undefined ? 'master' : String(rung);
    return this.signed('hls', video, `${hlsPath(video.id)}/${file}.m3u8`) + playingVersion(video);
  }

  storyboardUrl(video: StoredVideo): string {
    return video.editing.storyboard
      ? this.signed('storyboard', video, mediaPath('storyboard', video.id)) + playingVersion(video)
      : '';
  }

  captionsUrl(video: StoredVideo): string {
    if (video.editing.hasCaptions) return this.signed('captions', video, mediaPath('captions', video.id));
    // Captions made from the transcript stay stored under the owner's: a URL of their
    // own (`v`) keeps the stream route's memory of a URL's version from serving one for the other.
    // They are remade for each edit, so `v` names the version playing too: an edit's captions must
    // not be served from what the URL held before it landed.
    if (video.transcript?.state === 'DONE') {
      const edited = editedVersion(video);
      return `${this.signed('captions', video, mediaPath('captions', video.id))}&v=transcript${edited ? `-${edited}` : ''}`;
    }
    return '';
  }

  /** The origin absolute links start with: PUBLIC_URL, else `origin` (where the caller reached us). */
  origin(requestOrigin: string): string {
    return (this.publicUrl ?? requestOrigin).replace(/\/+$/, '');
  }

  /** The watch page of a share link, absolute. */
  shareUrl(shareToken: string, requestOrigin: string): string {
    return `${this.origin(requestOrigin)}${sharePagePath(shareToken)}`;
  }

  /** A signed URL valid no longer than the reader's access (a share link's expiry). */
  private signed(resource: SignedResource, video: StoredVideo, path: string): string {
    const generation = video.linkGeneration;
    const { expires, signature } = this.signer.sign(resource, video.id, video.readableUntil, generation);
    const base = this.publicUrl?.replace(/\/+$/, '') ?? '';
    // `g`: the generation signed (absent for 0), which the stream route checks is still current.
    return `${base}${path}?expires=${expires}&signature=${signature}${generation ? `&g=${generation}` : ''}`;
  }
}

/**
 * `&v=` naming the edited version playing (none for the original), on the video's, thumbnail's and
 * storyboard's URLs: they change when an edit lands or is reverted, so players and caches load the
 * new version and the stream route's memory of signed URLs (keyed by it) does not serve the old one.
 */
function playingVersion(video: StoredVideo): string {
  const edited = editedVersion(video);
  return edited ? `&v=${edited}` : '';
}

/** A short name of the edited version playing, from its kept ranges; '' for the original. */
function editedVersion(video: StoredVideo): string {
  const ranges = video.editing.playingRanges;
  if (ranges.length === 0) return '';
  return createHash('sha256').update(JSON.stringify(ranges)).digest('base64url').slice(0, 12);
}
