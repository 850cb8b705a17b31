// bench:record's drawing rows: frames recorded per second at 1080p30 with and without
// drawing, in Debian's Chromium (the recorder bundled into a page of its own; no API needed).
import { execFile } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { drawingInPage } from './drawing-in-page.mjs';

const run = promisify(execFile);
export const drawingHeading = '## Drawing while recording';
const SECONDS = Number(process.env.BENCH_RECORD_DRAWING_SECONDS ?? 10);

/** Video frames in a WebM and the seconds they span (MediaRecorder's WebM states no duration). */
async function framesOf(path) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    path,
  ]);
  // One line a packet ("0.036000,"), and empty lines between them.
  const times = stdout
    .split('\n')
    .map((line) => line.split(',')[0]?.trim())
    .filter((field) => field)
    .map(Number)
    .filter((time) => Number.isFinite(time));
  const span = Math.max(...times) - Math.min(...times);
  return { frames: times.length, seconds: span + (times.length > 1 ? span / (times.length - 1) : 0) };
}

export async function measureDrawing({ scratch, cleanups, log, libs }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--auto-select-desktop-capture-source=Entire screen',
    ],
  });
  cleanups.unshift(() => browser.close());
  const loadAtStart = loadavg()[0];
  const rows = [];
  for (const mode of ['direct', 'offered', 'small', 'drawing']) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // http://localhost is a secure context: MediaRecorder and the breakout box are there.
      await page.route('http://localhost/**', (route) =>
        route.fulfill({ body: '<!doctype html><title>bench</title>', contentType: 'text/html' }),
      );
      await page.goto('http://localhost/__bench/drawing');
      await page.addScriptTag({ content: libs });
      log(`1080p30, ${SECONDS} s, ${mode}`);
      const { webm, size } = await page.evaluate(drawingInPage, { seconds: SECONDS, mode });
      const path = join(scratch, `drawing-${mode}.webm`);
      await writeFile(path, Buffer.from(webm, 'base64'));
      const { frames, seconds } = await framesOf(path);
      const row = { mode, size, frames, seconds, fps: frames / seconds };
      log(`  ${frames} frames in ${seconds.toFixed(2)} s: ${row.fps.toFixed(1)} frames/s`);
      rows.push(row);
    } finally {
      await context.close();
    }
  }
  const [, plain, small, drawn] = rows;
  const ratio = drawn.fps / plain.fps;
  const what = {
    direct: 'no drawing board: the screen recorded as it comes (as before the drawing board)',
    offered: 'a board, nothing drawn: the compositor passes the frames through uncopied',
    small: 'a box and an arrow on screen (a seventh of the picture): blended into the frame',
    drawing: 'drawing all along, with a spotlight: every frame blended with a mask of most of the picture',
  };
  return `${drawingHeading}

Frames recorded per second at 1080p30 (\`BENCH_RECORD_FIGURES=drawing npm run bench:record\`), ${new Date().toISOString()}:
the recorder in Debian's Chromium (breakout box; \`--disable-gpu\`, so the 2D canvas is drawn in software), Chromium's
fake screen asked for at 1920×1080 and 30 fps (its picture moves every frame), recorded ${SECONDS} s as VP9 at 1080p30's
bitrate; frames counted in the WebM by ffprobe over the time they span. Drawing: a rectangle, an arrow, a text
and a spotlight on screen and a pen stroke drawn on all along. 1-minute load average ${loadAtStart.toFixed(1)} at the
start and ${loadavg()[0].toFixed(1)} at the end (2 cores shared with other work: the absolute numbers are the load's as
much as the recorder's; the rows run back to back).

| mode | screen | frames | seconds | frames/s |
|---|---|---:|---:|---:|
${rows.map((row) => `| ${what[row.mode]} | ${row.size} | ${row.frames} | ${row.seconds.toFixed(2)} | ${row.fps.toFixed(1)} |`).join('\n')}

A box and an arrow / nothing drawn: ${(small.fps / plain.fps).toFixed(2)}×; drawing all along / nothing drawn: ${ratio.toFixed(2)}× (/ no board: ${(drawn.fps / rows[0].fps).toFixed(2)}×); nothing drawn / no board: ${(plain.fps / rows[0].fps).toFixed(2)}× (target: no frames dropped, 1.00×; drawing all along: at least 0.9×).

- Offering the drawing costs next to nothing while nothing is drawn (the frames pass through as they are).
- Strokes of any size (no camera) are blended into a copy of the frame's own YUV planes (drawing/blend.ts):
  drawing a whole 1080p frame into a 2D canvas converts all of it to RGBA, about 57 ms a frame in software at
  this load. The strokes are painted into a kept canvas the picture's size and read back only where the drawing
  changed (drawing/overlay.ts: a pen line being drawn, around its newest segments), into per-row runs whose
  blend is a table look-up (four bytes at a time over long runs). In node, unloaded, a spotlight dimming most of
  a 1080p frame blends in about 1.4 ms; reading a whole picture back into runs takes about 0.2 s.
- Found with a probe of the compositor in this page (load 30-36): each anti-aliased edge pixel of the pen over the
  dim had a blend table of its own, and past the tables' limit all were made again every frame (7-8 frames/s);
  edges now blend by arithmetic. Per frame remain the copy of the planes (about 3 ms), the blend and the read-back
  of the pen's newest segments; the new frame takes the blended buffer instead of copying it. The page's code runs
  unoptimised for its first seconds on these loaded cores, and the spotlight's first read-back (the whole
  picture) holds the first frame for about a second (outside the frames' span counted here).
- The camera bubble, and frames in other pixel formats, still go through the canvas.
- A stroke that is being drawn or fading no longer redraws an old screen frame while the screen sends new ones
  (that crowded new frames out and halved the rate measured first).
`;
}
