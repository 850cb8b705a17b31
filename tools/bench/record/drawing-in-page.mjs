// Drawing while recording, as the page runs it (serialised into the page by page.evaluate).

/* global navigator, setInterval, clearInterval, btoa -- runs in the page */

/**
 * Records `seconds` of Chromium's fake screen at 1920×1080, 30 fps (a moving picture: every frame
 * is new) with the recorder at 1080p30: without a drawing board (`direct`), with one and nothing
 * drawn (`offered`), with a box and an arrow on screen (`small`), or with strokes drawn meanwhile
 * (`drawing`: a rectangle, an arrow, a text, a spotlight, and a pen drawn on all along, so every
 * frame is composited).
 * Resolves with the WebM, base64, for ffprobe to count its frames.
 */
export async function drawingInPage({ seconds, mode }) {
  const { createRecorder, createDrawingBoard } = globalThis.streamDrawingBench;
  // Chromium's fake screen (--use-fake-device-for-media-stream), asked for at 1920×1080, 30 fps.
  const display = await navigator.mediaDevices.getDisplayMedia({
    video: { width: 1920, height: 1080, frameRate: 30 },
    audio: false,
  });
  const { width, height } = display.getVideoTracks()[0].getSettings();
  const board = createDrawingBoard();
  const recorder = createRecorder();
  const state = await recorder.start({
    source: 'screen',
    display,
    quality: { resolution: '1080p', frameRate: 30 },
    // 'direct': no board, the screen's track recorded as it comes (as the recorder did before drawing).
    ...(mode === 'direct' ? {} : { drawing: board }),
  });
  if (state.status !== 'recording') throw new Error(`not recording: ${JSON.stringify(state)}`);
  let pen;
  const style = { colour: '#ef4444', width: 8, fades: false };
  const shape = (tool, from, to, text) => {
    board.begin(tool, from, style, text);
    board.extend(to);
    board.end(0);
  };
  if (mode === 'small') {
    // What a person mostly draws: a box and an arrow to it, a seventh of the picture.
    shape('rectangle', { x: 0.55, y: 0.55 }, { x: 0.8, y: 0.75 });
    shape('arrow', { x: 0.4, y: 0.4 }, { x: 0.55, y: 0.55 });
  }
  if (mode === 'drawing') {
    shape('rectangle', { x: 0.1, y: 0.1 }, { x: 0.4, y: 0.3 });
    shape('arrow', { x: 0.6, y: 0.6 }, { x: 0.8, y: 0.4 });
    shape('spotlight', { x: 0.3, y: 0.3 }, { x: 0.7, y: 0.7 });
    board.begin('text', { x: 0.1, y: 0.8 }, style, 'Look here');
    board.end(0);
    board.begin('pen', { x: 0.5, y: 0.5 }, style);
    let step = 0;
    pen = setInterval(() => {
      step += 1;
      board.extend({ x: 0.5 + 0.3 * Math.cos(step / 10), y: 0.5 + 0.3 * Math.sin(step / 7) });
    }, 1000 / 30);
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(pen);
  const done = await recorder.stop();
  for (const track of display.getTracks()) track.stop();
  if (done.status !== 'stopped') throw new Error(`not stopped: ${done.status}`);
  const bytes = new Uint8Array(await done.recording.blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return { webm: btoa(binary), size: `${width}×${height}` };
}
