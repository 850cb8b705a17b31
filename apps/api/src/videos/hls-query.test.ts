import { describe, expect, it } from 'vitest';
import { withQuery } from './hls-query';
import { mediaPlaylist as media } from '../../test/support/hls-media-playlist';

describe('HLS playlists as served', () => {
  it('adds the signature to every address a playlist names, and to nothing else', () => {
    const signed = withQuery(media, '?expires=9&signature=abc');
    expect(signed).toContain('#EXT-X-MAP:URI="1.mp4?expires=9&signature=abc",BYTERANGE="1353@0"');
    expect(signed.split('\n').filter((line) => line.startsWith('1.mp4'))).toEqual([
      '1.mp4?expires=9&signature=abc',
      '1.mp4?expires=9&signature=abc',
    ]);
    expect(signed).toContain('#EXT-X-BYTERANGE:400000@1353\n');
  });
});
