import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runMediaTool } from '../media-tool';
import { parsePocketsphinx } from './pocketsphinx-output';
import { extractAudio } from './extract-audio';
import { clampSegments, type Transcriber } from './transcriber';

/**
 * The engine that needs nothing but Debian packages (issue 30, TOOLCHAIN "Third-wave facts"):
 * ffmpeg makes 16 kHz mono WAV, CMU pocketsphinx with its US English model turns it into words
 * with times. No GPU, no download at run time; English only.
 */
export function builtinTranscriber(options: { ffmpegPath: string; pocketsphinxPath?: string }): Transcriber {
  const pocketsphinx = options.pocketsphinxPath ?? '/usr/bin/pocketsphinx_continuous';
  return {
    name: 'pocketsphinx',
    async transcribe(file, { durationSeconds, scratchDir, timeoutMs }) {
      const deadline = Date.now() + timeoutMs;
      const left = () => Math.max(1000, deadline - Date.now());
      const wav = join(scratchDir, `pocketsphinx-${randomUUID()}.wav`); // never the input's own name;
      try {
        if (!(await extractAudio(options.ffmpegPath, file, wav, { timeoutMs: left() })))
          return { language: '', segments: [] };
        const output = await runMediaTool(pocketsphinx, ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'], {
          timeoutMs: left(),
        });
        return { language: 'en', segments: clampSegments(parsePocketsphinx(output), durationSeconds) };
      } finally {
        await rm(wav, { force: true });
      }
    },
  };
}
