import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnnotationMark } from './annotation-mark';
import { VideoPlayer } from './video-player';

afterEach(cleanup);

const mark = (patch: Partial<AnnotationMark>): AnnotationMark => ({
  kind: 'box',
  from: 1,
  to: 4,
  x: 10,
  y: 20,
  width: 30,
  height: 40,
  text: '',
  color: '',
  ...patch,
});

function setup(annotations: AnnotationMark[], fill = false) {
  const view = render(<VideoPlayer src="/v.webm" label="Demo" annotations={annotations} fill={fill} />);
  const video = view.container.querySelector('video') as HTMLVideoElement;
  Object.defineProperty(video, 'videoWidth', { configurable: true, value: 640 });
  Object.defineProperty(video, 'videoHeight', { configurable: true, value: 360 });
  const at = (seconds: number) =>
    act(() => {
      video.currentTime = seconds;
      fireEvent(video, new Event('timeupdate'));
    });
  const drawn = (kind: string) => view.container.querySelectorAll(`[data-annotation="${kind}"]`);
  return { view, video, at, drawn };
}

describe('annotation overlays in the player', () => {
  it('shows a text callout from its start to its end, and not outside it', () => {
    const { at } = setup([mark({ kind: 'text', text: 'Click Deploy here' })]);
    expect(screen.queryByText('Click Deploy here')).toBeNull();
    at(1.5);
    expect(screen.getByText('Click Deploy here')).toBeTruthy();
    at(4);
    expect(screen.queryByText('Click Deploy here')).toBeNull();
  });

  it('draws in the frame’s own pixels, so percent places scale with the player', () => {
    const { at, drawn, view } = setup([mark({}), mark({ kind: 'arrow', width: -5, height: 10, color: '#22c55e' })]);
    at(2);
    const svg = view.container.querySelector('svg[aria-label="Annotations"]')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 640 360');
    expect(svg.getAttribute('preserveAspectRatio')).toBe('xMidYMid meet');
    const box = drawn('box')[0]!;
    expect([
      box.getAttribute('x'),
      box.getAttribute('y'),
      box.getAttribute('width'),
      box.getAttribute('height'),
    ]).toEqual(['64', '72', '192', '144']);
    expect(box.getAttribute('stroke')).toBe('#ef4444');
    const line = drawn('arrow')[0]!.querySelector('line')!;
    expect([line.getAttribute('x2'), line.getAttribute('y2'), line.getAttribute('stroke')]).toEqual([
      '32',
      '108',
      '#22c55e',
    ]);
  });

  it('never draws a blur, whose place is in the pixels', () => {
    const { at, drawn, view } = setup([mark({ kind: 'blur' })]);
    at(2);
    expect(drawn('blur')).toHaveLength(0);
    expect(view.container.querySelector('svg[aria-label="Annotations"]')).toBeNull();
  });

  it('covers the video inside an embed’s frame too', () => {
    const { at, view } = setup([mark({ kind: 'text', text: 'In the embed' })], true);
    at(2);
    const svg = view.container.querySelector('svg[aria-label="Annotations"]')!;
    expect(svg.parentElement).toBe(view.container.querySelector('video')!.parentElement);
    expect(screen.getByText('In the embed')).toBeTruthy();
  });
});
