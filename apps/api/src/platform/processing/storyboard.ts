import { stat } from 'node:fs/promises';
import type { StoredStoryboard } from '../../edits/edit.table';
import { runFfmpeg, runMediaTool } from '../media/media-tool';

/** How a storyboard sprite is laid out, as the videos row stores it. */
export type StoryboardLayout = StoredStoryboard;

const TILE_WIDTH = 160;
const COLUMNS = 10;
/** At most this many tiles: a one-hour video gets one every 36 s, a 100 KB-or-so JPEG. */
const MAX_TILES = 100;

/**
 * Makes the hover previews of a seek bar: one JPEG sprite of small frames taken every
 * `intervalSeconds` (at least 1 s, fewer than MAX_TILES in all), COLUMNS to a row.
 */
export async function storyboard(
  ffmpegPath: string,
  ffprobePath: string,
  input: string,
  output: string,
  durationSeconds: number,
  timeoutMs: number,
): Promise<StoryboardLayout> {
  const size = await runMediaTool(
    ffprobePath,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', input],
    { timeoutMs },
  );
  const [width = 16, height = 9] = size.trim().split(',').map(Number);
  const tileHeight = Math.max(2, Math.round((TILE_WIDTH * height) / width / 2) * 2);
  const intervalSeconds = Math.max(1, Math.ceil(durationSeconds / MAX_TILES));
  const count = Math.max(1, Math.ceil(durationSeconds / intervalSeconds));
  const rows = Math.ceil(count / COLUMNS);
  const columns = Math.min(COLUMNS, count);
  await runFfmpeg(
    ffmpegPath,
    [
      // Keyframes only: decoding every frame of a long 1080p video would take minutes; a preview
      // a keyframe interval (2 s in recordings) off is still the right scene.
      '-skip_frame',
      'nokey',
      '-i',
      input,
      '-vf',
      // eof_action=pass: a video with a single keyframe still yields its one tile (the default
      // drops the last frame at the end of the input, leaving ffmpeg nothing to write).
      `fps=1/${intervalSeconds}:eof_action=pass,scale=${TILE_WIDTH}:${tileHeight},tile=${columns}x${rows}`,
      '-frames:v',
      '1',
      '-q:v',
      '5',
      '-f',
      'image2',
      output,
    ],
    { timeoutMs },
  );
  // ffmpeg ends well having written nothing when no frame reached the tile.
  if (!(await stat(output).catch(() => undefined))?.size) throw new Error('ffmpeg made no storyboard');
  return { columns, rows, tileWidth: TILE_WIDTH, tileHeight, intervalSeconds, count };
}
