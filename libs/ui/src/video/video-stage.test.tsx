import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoStage, type VideoStageProps } from './video-stage';

afterEach(cleanup);

const stage = (props: Partial<VideoStageProps>) =>
  render(<VideoStage status="READY" src="/v/a" label="Demo" onPlayerError={vi.fn()} {...props} />);

describe('VideoStage', () => {
  it('says a PROCESSING video is processing and a FAILED one failed, with its reason', () => {
    stage({ status: 'PROCESSING' });
    expect(screen.getByRole('status').textContent).toContain('This video is still processing');
    cleanup();
    stage({ status: 'FAILED', failureReason: 'not a WebM file' });
    expect(screen.getByRole('alert').textContent).toContain('Reason: not a WebM file');
    expect(document.querySelector('video')).toBeNull();
  });

  it('plays a READY video, with the description’s time lines among the chapters, and says when there is no file', () => {
    stage({ chapters: [{ seconds: 5, title: 'Intro' }], description: '0:30 The bug', knownDuration: 60 });
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/v/a');
    expect(screen.getByRole('button', { name: /Intro/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /The bug/ })).toBeTruthy();
    cleanup();
    stage({ src: '' });
    expect(screen.getByRole('status').textContent).toBe('This video has no playable file yet.');
  });
});
