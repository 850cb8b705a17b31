import { describe, expect, it } from 'vitest';
import { avcCodecOf, bandwidthOf, masterPlaylist, segmentsOf } from './hls-playlists';
import { lowerRungSides, rungSize } from './make-hls';
import { mediaPlaylist as media } from '../../../test/support/hls-media-playlist';

describe('HLS playlists', () => {
  it('reads segments and measures peak and mean bandwidth', () => {
    expect(segmentsOf(media)).toEqual([
      { seconds: 4, bytes: 400_000 },
      { seconds: 2, bytes: 100_000 },
    ]);
    expect(bandwidthOf(media)).toEqual({ peak: 800_000, average: Math.ceil((500_000 * 8) / 6) });
  });

  it('writes a master playlist naming each rung by its playlist, with BANDWIDTH, RESOLUTION and CODECS', () => {
    const master = masterPlaylist([
      { width: 1920, height: 1080, bandwidth: 2_000_000, averageBandwidth: 900_000, codecs: 'avc1.640028,mp4a.40.2' },
      { width: 1280, height: 720, bandwidth: 800_000, averageBandwidth: 400_000, codecs: 'avc1.64001f,mp4a.40.2' },
    ]);
    expect(master.split('\n').slice(3)).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000,AVERAGE-BANDWIDTH=900000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
      '0.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=400000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
      '1.m3u8',
      '',
    ]);
  });

  it('reads the H.264 profile and level from the init segment', () => {
    const init = Buffer.concat([Buffer.from('....avcC'), Buffer.from([1, 0x64, 0x00, 0x1f])]);
    expect(avcCodecOf(init)).toBe('avc1.64001f');
    expect(avcCodecOf(Buffer.from('no such box'))).toBeUndefined();
  });

  it('makes lower rungs only above 720p, 480p too from 1080p, by the shorter side', () => {
    expect(lowerRungSides(1280, 720)).toEqual([]);
    expect(lowerRungSides(1600, 900)).toEqual([720]);
    expect(lowerRungSides(1920, 1080)).toEqual([720, 480]);
    expect(lowerRungSides(1080, 1920)).toEqual([720, 480]);
    expect(rungSize(1920, 1080, 480)).toEqual({ width: 854, height: 480 });
    expect(rungSize(1080, 1920, 720)).toEqual({ width: 720, height: 1280 });
  });
});
