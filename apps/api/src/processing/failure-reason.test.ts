import { describe, expect, it } from 'vitest';
import { describeFailure, withoutPaths } from './failure-reason';
import { MediaToolError } from '../media/media-tool';

describe('what a person is told about a failed attempt', () => {
  it("names the tool and its last line of complaint, never the server's paths", () => {
    const error = new MediaToolError(
      '/opt/tools/bin/ffmpeg exited with 1',
      '/opt/tools/bin/ffmpeg',
      'frame=1\nError writing trailer of /srv/stream/tmp/processing/81.x-id-abc/remuxed.webm: Broken pipe',
    );
    expect(describeFailure(error)).toBe('ffmpeg failed: Error writing trailer of remuxed.webm: Broken pipe');
  });

  it('says a tool took too long without its output', () => {
    const error = new MediaToolError('/usr/bin/ffprobe took longer than 9 ms', '/usr/bin/ffprobe', 'partial', true);
    expect(describeFailure(error)).toBe('ffprobe took too long');
  });

  it('keeps anything else in the log', () => {
    const error = new Error("ENOENT: no such file or directory, open '/srv/stream/blobs/videos/x/original.webm'");
    expect(describeFailure(error)).toBe('the server could not finish it (the details are in its log)');
  });

  it('cuts paths of two segments or more, not fractions', () => {
    expect(withoutPaths('1/2 of /a/b/c.webm and /tmp/x/')).toBe('1/2 of c.webm and x');
  });
});
