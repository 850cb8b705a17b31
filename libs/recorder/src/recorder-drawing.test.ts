/**
 * Drawing while recording, the shell's part with a fake browser: a recording that may be
 * drawn on goes through the compositor from Start, with the area and the bubble it would have had,
 * and the drawing layer gets the screen as captured.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDrawingBoard } from './drawing/strokes.ts';
import { createRecorder } from './recorder.ts';
import { createFakeBrowser, type FakeStream } from './testing/fake-browser.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 100_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('drawing while recording', () => {
  it('the whole screen is recorded through the compositor, which ends with the recording', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const drawing = createDrawingBoard();
    await recorder.start({ drawing });
    expect(fake.processed).toMatchObject([{ kind: 'composite', inputs: [fake.tracks.displayVideo] }]);
    expect(fake.processed[0]!.settings).toEqual({ drawing });
    const recorded = fake.recorders[0]!.stream as unknown as FakeStream;
    expect(recorded.getVideoTracks()).toEqual([fake.processed[0]!.track]);
    // The drawing layer shows the screen as captured, not the composited picture.
    expect((recorder.screenStream() as unknown as FakeStream).getVideoTracks()).toEqual([fake.tracks.displayVideo]);
    const stopping = recorder.stop();
    await vi.advanceTimersByTimeAsync(0);
    await stopping;
    expect(fake.processed[0]!.stopped).toBe(true);
    expect(recorder.screenStream()).toBeNull();
  });

  it('an area is cropped by the compositor, the strokes mapped through it; no separate crop', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const display = await fake.browser.getDisplayMedia({ video: true });
    const area = { x: 100, y: 50, width: 640, height: 360 };
    const drawing = createDrawingBoard();
    await recorder.start({ source: 'area', display, area, drawing });
    expect(fake.processed).toHaveLength(1);
    expect(fake.processed[0]).toMatchObject({ kind: 'composite', settings: { area, drawing } });
  });

  it('screen + camera: the bubble and the strokes in one compositor', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    const bubble = { shape: 'circle', corner: 'top-right', size: 0.2 } as const;
    const drawing = createDrawingBoard();
    await recorder.start({ source: 'screen+camera', bubble, drawing });
    expect(fake.processed).toMatchObject([
      { kind: 'composite', inputs: [fake.tracks.displayVideo, fake.camera], settings: { bubble, drawing } },
    ]);
  });

  it('the camera alone is recorded as it comes: there is no screen to draw on', async () => {
    const fake = createFakeBrowser();
    const recorder = createRecorder({ browser: fake.browser });
    await recorder.start({ source: 'camera', drawing: createDrawingBoard() });
    expect(fake.processed).toEqual([]);
    expect(recorder.screenStream()).toBeNull();
  });
});
