import { describe, expect, it } from 'vitest';
import { outTimeSeconds, progressReader } from './ffmpeg-progress';

// What Debian's ffmpeg 5.1 wrote with `-nostats -progress pipe:1` while encoding 2 s of testsrc and
// a sine to x264 and AAC in an MP4, read in real time (-re): a block every half second, then the last.
const OUTPUT = `frame=1
fps=0.00
stream_0_0_q=0.0
bitrate=N/A
total_size=48
out_time_us=0
out_time_ms=0
out_time=00:00:00.000000
dup_frames=0
drop_frames=0
speed=   0x
progress=continue
frame=13
fps=0.00
stream_0_0_q=0.0
bitrate=N/A
total_size=48
out_time_us=0
out_time_ms=0
out_time=00:00:00.000000
dup_frames=0
drop_frames=0
speed=   0x
progress=continue
frame=26
fps=25.47
stream_0_0_q=28.0
bitrate=   1.4kbits/s
total_size=48
out_time_us=278639
out_time_ms=278639
out_time=00:00:00.278639
dup_frames=0
drop_frames=0
speed=0.273x
progress=continue
frame=39
fps=25.53
stream_0_0_q=28.0
bitrate=   0.5kbits/s
total_size=48
out_time_us=766259
out_time_ms=766259
out_time=00:00:00.766259
dup_frames=0
drop_frames=0
speed=0.502x
progress=continue
frame=50
fps=24.11
stream_0_0_q=28.0
bitrate=   0.3kbits/s
total_size=48
out_time_us=1230658
out_time_ms=1230658
out_time=00:00:01.230658
dup_frames=0
drop_frames=0
speed=0.593x
progress=continue
frame=50
fps=23.87
stream_0_0_q=-1.0
bitrate= 133.4kbits/s
total_size=33677
out_time_us=2020136
out_time_ms=2020136
out_time=00:00:02.020136
dup_frames=0
drop_frames=0
speed=0.964x
progress=end
`;
const EXPECTED = [0, 0, 0.278639, 0.766259, 1.230658, 2.020136];

describe('ffmpeg -progress output', () => {
  it('gives the output time at the end of each block that has one, however the chunks are cut', () => {
    for (const size of [1, 7, 64, OUTPUT.length]) {
      const times: number[] = [];
      const read = progressReader((seconds) => times.push(seconds));
      for (let at = 0; at < OUTPUT.length; at += size) read(OUTPUT.slice(at, at + size));
      expect(times).toEqual(EXPECTED);
    }
  });

  it('knows no time before the first frame, nor from a negative or missing one', () => {
    expect(outTimeSeconds(new Map([['out_time_us', 'N/A']]))).toBeUndefined();
    expect(outTimeSeconds(new Map([['out_time_us', '-9223372036854775807']]))).toBeUndefined();
    expect(outTimeSeconds(new Map([['frame', '3']]))).toBeUndefined();
    expect(outTimeSeconds(new Map([['out_time_ms', '1500000']]))).toBe(1.5); // microseconds, despite its name
  });

  it('waits for the end of a block: a line cut in two is read whole', () => {
    const times: number[] = [];
    const read = progressReader((seconds) => times.push(seconds));
    read('out_time_us=2000');
    read('000\nprogress=cont');
    expect(times).toEqual([]);
    read('inue\n');
    expect(times).toEqual([2]);
  });
});
