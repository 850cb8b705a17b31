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

  it('shows how far processing got: "Processing 40%…" with a labelled progress bar, and none while unknown', () => {
    stage({ status: 'PROCESSING', processingProgress: 40 });
    expect(screen.getByRole('status').textContent).toContain('Processing 40%…');
    const bar = screen.getByRole('progressbar', { name: 'Processing 40%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect((bar as HTMLProgressElement).value).toBe(40);
    expect((bar as HTMLProgressElement).max).toBe(100);
    cleanup();
    stage({ status: 'PROCESSING', processingProgress: 0 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).not.toContain('%');
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
