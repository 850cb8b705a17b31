import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runMediaTool } from '../media-tool';
import { parsePocketsphinx } from './pocketsphinx-output';
import { extractAudio } from './extract-audio';
import { clampSegments, type Transcriber, type TranscriptSegment } from './transcriber';

/**
 * The engine that needs nothing but Debian packages:
 * ffmpeg makes 16 kHz mono WAV, CMU pocketsphinx with its US English model turns it into words
 * with times. No GPU, no download at run time; English only (its one model: another language asked
 * for is transcribed as English, which the UI says). Long audio goes in pieces of `chunkSeconds`,
 * so the job can say how far it is.
 */
export function builtinTranscriber(options: {
  ffmpegPath: string;
  pocketsphinxPath?: string;
  chunkSeconds?: number;
}): Transcriber {
  const pocketsphinx = options.pocketsphinxPath ?? '/usr/bin/pocketsphinx_continuous';
  const chunkSeconds = options.chunkSeconds ?? 300;
  return {
    name: 'pocketsphinx',
    async transcribe(file, { durationSeconds, scratchDir, timeoutMs, onProgress }) {
      const deadline = Date.now() + timeoutMs;
      const left = () => Math.max(1000, deadline - Date.now());
      const dir = join(scratchDir, `pocketsphinx-${randomUUID()}`); // never the input's own name
      try {
        await mkdir(dir, { recursive: true });
        const pattern = join(dir, 'chunk-%05d.wav');
        if (
          !(await extractAudio(options.ffmpegPath, file, pattern, { timeoutMs: left(), segmentSeconds: chunkSeconds }))
        )
          return { language: '', segments: [] };
        const chunks = (await readdir(dir)).filter((name) => name.endsWith('.wav')).sort();
        const segments: TranscriptSegment[] = [];
        for (const [index, name] of chunks.entries()) {
          const output = await runMediaTool(
            pocketsphinx,
            ['-infile', join(dir, name), '-time', 'yes', '-logfn', '/dev/null'],
            { timeoutMs: left() },
          );
          segments.push(...shifted(parsePocketsphinx(output), index * chunkSeconds));
          await onProgress?.(index + 1, chunks.length);
        }
        return { language: 'en', segments: clampSegments(segments, durationSeconds) };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

const shifted = (segments: TranscriptSegment[], offset: number): TranscriptSegment[] =>
  offset === 0
    ? segments
    : segments.map((segment) => ({
        start: segment.start + offset,
        end: segment.end + offset,
        text: segment.text,
        ...(segment.words && {
          words: segment.words.map((word) => ({ ...word, start: word.start + offset, end: word.end + offset })),
        }),
      }));
