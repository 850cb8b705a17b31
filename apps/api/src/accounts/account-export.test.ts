import { describe, expect, it } from 'vitest';
import { exportedAssetsOf } from './account-export';

const files = (rows: { kind: string; content_type: string }[]) =>
  exportedAssetsOf(rows).map(({ file, asset }) => `${file}:${asset.content_type}`);

describe('the media an export takes of one video', () => {
  it('an uploaded MP4 once: not again as its MP4 rendition', () => {
    expect(
      files([
        { kind: 'playable', content_type: 'video/mp4' },
        { kind: 'mp4', content_type: 'video/mp4' },
        { kind: 'thumbnail', content_type: 'image/jpeg' },
      ]),
    ).toEqual(['video:video/mp4', 'thumbnail:image/jpeg']);
  });

  it('a WebM recording with its MP4 rendition, which is the only MP4 of it', () => {
    expect(
      files([
        { kind: 'mp4', content_type: 'video/mp4' },
        { kind: 'playable', content_type: 'video/webm' },
      ]),
    ).toEqual(['video:video/webm', 'video-mp4:video/mp4']);
  });

  it('the rendition of an edited WebM even when the upload was an MP4', () => {
    expect(
      files([
        { kind: 'playable', content_type: 'video/mp4' },
        { kind: 'edited', content_type: 'video/webm' },
        { kind: 'mp4', content_type: 'video/mp4' },
      ]),
    ).toEqual(['video:video/mp4', 'edited:video/webm', 'video-mp4:video/mp4']);
  });
});
