import { describe, expect, it } from 'vitest';
import { describeFailure, lastTryFailure, withoutPaths } from './failure-reason';
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

  it('fails the work only on the last try, saying after how many attempts', () => {
    expect(lastTryFailure('The edit', { retryCount: 1, retryLimit: 2 }, 'ffmpeg failed')).toBeUndefined();
    expect(lastTryFailure('The edit', { retryCount: 2, retryLimit: 2 }, 'ffmpeg failed')).toBe(
      'The edit failed after 3 attempts: ffmpeg failed',
    );
    expect(lastTryFailure('Processing', { retryCount: 0, retryLimit: 0 }, 'ffprobe took too long')).toBe(
      'Processing failed after 1 attempt: ffprobe took too long',
    );
  });
});
