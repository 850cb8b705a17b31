import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaSelector, dragged, type Area } from './area-selector';
import { BubblePlacement, nearestCorner } from './bubble-placement';
import { Countdown } from './countdown';
import { LevelMeter } from './level-meter';
import { RecorderControls } from './recorder-controls';
import { RecorderSettings, type RecorderSettingsProps } from './recorder-settings';

afterEach(cleanup);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('RecorderControls with Pause and Resume', () => {
  it('offers Pause while recording and Resume while paused; Stop works in both', async () => {
    const onPause = vi.fn();
    const onResume = vi.fn();
    const props = { onStart: vi.fn(), onStop: vi.fn(), onPause, onResume };
    const { rerender } = render(<RecorderControls recording={false} {...props} />);
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    rerender(<RecorderControls recording {...props} />);
    await userEvent.click(button('Pause'));
    expect(onPause).toHaveBeenCalledOnce();
    rerender(<RecorderControls recording={false} paused {...props} />);
    expect(button('Stop Recording').disabled).toBe(false);
    expect(button('Start Recording').disabled).toBe(true);
    await userEvent.click(button('Resume'));
    expect(onResume).toHaveBeenCalledOnce();
  });
});

describe('Countdown', () => {
  it('shows the second and skips on a click', async () => {
    const onSkip = vi.fn();
    render(<Countdown remaining={2} onSkip={onSkip} />);
    expect(screen.getByTestId('countdown').textContent).toBe('2');
    await userEvent.click(button('Skip countdown'));
    expect(onSkip).toHaveBeenCalled();
  });
});

describe('LevelMeter', () => {
  it('is a meter labelled Microphone level, 0 to 100', () => {
    render(<LevelMeter level={0.42} />);
    expect(screen.getByRole('meter', { name: 'Microphone level' }).getAttribute('value')).toBe('42');
  });
});

describe('AreaSelector', () => {
  const area: Area = { x: 100, y: 50, width: 640, height: 360 };
  const renderSelector = (onChange = vi.fn()) => {
    const props = { onConfirm: vi.fn(), onCancel: vi.fn() };
    render(
      <AreaSelector stream={{} as MediaStream} width={1280} height={720} area={area} onChange={onChange} {...props} />,
    );
    return { onChange, ...props };
  };

  it('shows the size, the fields, the presets and confirms with Record this area', async () => {
    const { onChange, onConfirm } = renderSelector();
    expect(screen.getByTestId('area-size').textContent).toBe('640 × 360');
    expect((screen.getByRole('spinbutton', { name: 'Width' }) as HTMLInputElement).value).toBe('640');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Y' }), { target: { value: '80' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...area, y: 80 });
    await userEvent.click(button('Full'));
    expect(onChange).toHaveBeenLastCalledWith({ x: 0, y: 0, width: 1280, height: 720 });
    await userEvent.click(button('16:9'));
    expect(onChange).toHaveBeenLastCalledWith({ x: 0, y: 0, width: 1280, height: 720 });
    await userEvent.click(button('Record this area'));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('drags: the body moves the area, a corner resizes it from the opposite corner', () => {
    expect(dragged(area, 'move', 10, -20)).toEqual({ ...area, x: 110, y: 30 });
    expect(dragged(area, 'se', 40, 20)).toEqual({ ...area, width: 680, height: 380 });
    expect(dragged(area, 'nw', 40, 20)).toEqual({ x: 140, y: 70, width: 600, height: 340 });
    expect(dragged(area, 'nw', 1000, 1000)).toMatchObject({ width: 16, height: 16 });
  });
});

describe('RecorderSettings', () => {
  const props = (change: Partial<RecorderSettingsProps> = {}): RecorderSettingsProps => ({
    open: true,
    onOpenChange: vi.fn(),
    microphones: [
      { id: 'm1', label: 'Desk microphone' },
      { id: 'm2', label: 'Headset' },
    ],
    onMicrophone: vi.fn(),
    cameras: [{ id: 'c1', label: 'Webcam' }],
    onCamera: vi.fn(),
    level: 0.5,
    countdown: true,
    onCountdown: vi.fn(),
    resolution: '1080p',
    onResolution: vi.fn(),
    frameRate: 30,
    onFrameRate: vi.fn(),
    estimatedMbPerMinute: 38,
    showBubble: true,
    bubble: { shape: 'circle', corner: 'bottom-right', size: 0.25 },
    onBubble: vi.fn(),
    ...change,
  });

  it('labels every control and reports changes', async () => {
    const p = props();
    render(<RecorderSettings {...p} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Microphone' }), 'Headset');
    expect(p.onMicrophone).toHaveBeenCalledWith('m2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Microphone' }), 'Default microphone');
    expect(p.onMicrophone).toHaveBeenLastCalledWith(undefined);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Frame rate' }), '60 fps');
    expect(p.onFrameRate).toHaveBeenCalledWith(60);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Bubble corner' }), 'Top left');
    expect(p.onBubble).toHaveBeenCalledWith({ shape: 'circle', corner: 'top-left', size: 0.25 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Countdown 3, 2, 1' }));
    expect(p.onCountdown).toHaveBeenCalledWith(false);
    expect(screen.getByTestId('estimated-size').textContent).toBe('About 38 MB per minute');
  });

  it('hides the bubble settings unless the camera is drawn over the screen', () => {
    render(<RecorderSettings {...props({ showBubble: false })} />);
    expect(screen.queryByRole('combobox', { name: 'Bubble corner' })).toBeNull();
  });
});

describe('BubblePlacement', () => {
  it('shows the bubble in its corner, and a drag lands it in the nearest corner', () => {
    const onBubble = vi.fn();
    const bubble = { shape: 'circle', corner: 'bottom-right', size: 0.25 } as const;
    render(<BubblePlacement bubble={bubble} onBubble={onBubble} />);
    const preview = screen.getByTestId('bubble-preview');
    expect(preview.dataset.corner).toBe('bottom-right');
    const frame = screen.getByRole('img', { name: 'Camera bubble position' });
    frame.getBoundingClientRect = () => ({ left: 0, top: 0, width: 320, height: 180 }) as DOMRect;
    fireEvent.pointerDown(preview, { clientX: 300, clientY: 160 });
    fireEvent.pointerMove(window, { clientX: 40, clientY: 30 });
    fireEvent.pointerUp(window, { clientX: 40, clientY: 30 });
    expect(onBubble).toHaveBeenCalledWith({ ...bubble, corner: 'top-left' });
    expect(nearestCorner({ x: 0.9, y: 0.1 })).toBe('top-right');
    expect(nearestCorner({ x: 0.2, y: 0.8 })).toBe('bottom-left');
  });
});
