import { describe, expect, it } from 'vitest';
import { UrlSigner } from './url-signer';
import type { StoredVideo } from './video.mapper';
import { VideoLinks } from './video-links';

const signer = new UrlSigner('a-test-secret-that-is-long', 3600);
const unedited = {
  keptRanges: [],
  state: 'NONE',
  failureReason: '',
  playingRanges: [],
  chapters: [],
  defaultPlaybackRate: 0,
  hasCaptions: false,
} as const;
const video = (fields: Partial<StoredVideo>) =>
  ({ id: 'v1', hasVideoBlob: true, hasThumbnail: true, editing: unedited, ...fields }) as StoredVideo;

describe('VideoLinks', () => {
  it('signs stream and thumbnail URLs relative to the API without PUBLIC_URL', () => {
    const links = new VideoLinks(signer, undefined);
    expect(links.streamUrl(video({}))).toMatch(/^\/api\/videoservice\/video\/v1\?expires=\d+&signature=[\w-]+$/);
    expect(links.thumbnailUrl(video({}))).toMatch(/^\/api\/videoservice\/thumbnail\/v1\?expires=\d+&signature=[\w-]+$/);
  });

  it('makes them absolute with PUBLIC_URL, and share links too', () => {
    const links = new VideoLinks(signer, 'https://stream.example.com/');
    expect(links.streamUrl(video({}))).toMatch(/^https:\/\/stream\.example\.com\/api\/videoservice\/video\/v1\?/);
    expect(links.shareUrl('tok', 'http://10.0.0.5:8080')).toBe('https://stream.example.com/s/tok');
    expect(new VideoLinks(signer, undefined).shareUrl('tok', 'http://10.0.0.5:8080')).toBe(
      'http://10.0.0.5:8080/s/tok',
    );
  });

  it('signed URLs of a reader whose access ends with a link end no later than it', () => {
    const links = new VideoLinks(signer, undefined);
    const linkEnds = new Date(Date.now() + 5_000);
    const expiresOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('expires'));
    for (const url of [
      links.streamUrl(video({ readableUntil: linkEnds })),
      links.thumbnailUrl(video({ readableUntil: linkEnds })),
    ]) {
      expect(expiresOf(url)).toBe(Math.floor(linkEnds.getTime() / 1000));
    }
    expect(expiresOf(links.streamUrl(video({})))).toBeGreaterThan(Date.now() / 1000 + 3000);
  });

  it('answers the external url, or nothing, for a video without bytes; no thumbnail before processing', () => {
    const links = new VideoLinks(signer, undefined);
    expect(links.streamUrl(video({ hasVideoBlob: false, sourceUrl: 'https://cdn.example.com/a.webm' }))).toBe(
      'https://cdn.example.com/a.webm',
    );
    expect(links.streamUrl(video({ hasVideoBlob: false }))).toBe('');
    expect(links.thumbnailUrl(video({ hasThumbnail: false }))).toBe('');
  });

  it('names the version playing in the URLs of what an edit remakes, generated captions too, but not in those of the owner', () => {
    const links = new VideoLinks(signer, undefined);
    const versionOf = (url: string) => new URL(url, 'http://x').searchParams.get('v');
    const transcribed = { transcript: { state: 'DONE' } } as Partial<StoredVideo>;
    const edit = (start: number) =>
      ({ ...unedited, state: 'APPLIED', playingRanges: [{ start, end: 10 }] }) as unknown as StoredVideo['editing'];
    const original = video(transcribed);
    const cut = video({ ...transcribed, editing: edit(4) });
    const cutElsewhere = video({ ...transcribed, editing: edit(2) });

    // The stream route remembers a signed URL's asset version by its `v`: one `v` for two versions
    // would serve an edit's captions from the version that played before it (or back after a revert).
    const captions = [original, cut, cutElsewhere].map((v) => versionOf(links.captionsUrl(v)));
    expect(captions[0]).toBe('transcript');
    expect(new Set(captions).size).toBe(3);
    expect(versionOf(links.captionsUrl(cut))).toBe(`transcript-${versionOf(links.streamUrl(cut))}`);
    expect(versionOf(links.streamUrl(original))).toBeNull();
    expect(links.captionsUrl(video({}))).toBe('');
    // The owner's own captions are not remade by an edit: one URL whatever plays.
    const own = (editing: StoredVideo['editing']) => video({ editing: { ...editing, hasCaptions: true } });
    expect(versionOf(links.captionsUrl(own(edit(4))))).toBeNull();
  });

  it('escapes ids in paths', () => {
    expect(new VideoLinks(signer, undefined).streamUrl(video({ id: 'a/b?c' }))).toMatch(
      /^\/api\/videoservice\/video\/a%2Fb%3Fc\?/,
    );
  });
});
