import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoStage } from './video-stage';

afterEach(cleanup);

describe('VideoStage’s call to action', () => {
  const stage = (placement: 'end' | 'throughout', url = 'https://example.com/book') => {
    const onClick = vi.fn();
    render(
      <VideoStage
        status="READY"
        src="/v/a"
        label="Demo"
        onPlayerError={vi.fn()}
        callToAction={{ label: 'Book a call', url, placement }}
        onCallToActionClick={onClick}
      />,
    );
    return onClick;
  };

  it('throughout: shown from the start, opening its link in a new tab; a click is reported', () => {
    const onClick = stage('throughout');
    const link = screen.getByRole('link', { name: 'Book a call' });
    expect(link.getAttribute('href')).toBe('https://example.com/book');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('at the end: hidden until the video ends', () => {
    stage('end');
    expect(screen.queryByRole('link', { name: 'Book a call' })).toBeNull();
    fireEvent.ended(document.querySelector('video')!);
    expect(screen.getByRole('link', { name: 'Book a call' })).toBeTruthy();
  });

  it('never draws a link that is not http(s)', () => {
    stage('throughout', 'javascript:alert(1)');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
