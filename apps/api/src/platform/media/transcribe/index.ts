import { builtinTranscriber } from './builtin-transcriber';
import { openAiTranscriber } from './openai-transcriber';
import type { Transcriber } from './transcriber';

export * from './transcriber';
export { builtinTranscriber } from './builtin-transcriber';
export { openAiTranscriber } from './openai-transcriber';
export { parsePocketsphinx } from './pocketsphinx-output';
export * from './confidence';

/** The engine the settings name (config.ts: TRANSCRIBE, TRANSCRIBE_URL, …); undefined when off. */
export function transcriberFromConfig(config: {
  TRANSCRIBE: 'on' | 'off';
  TRANSCRIBE_URL?: string;
  TRANSCRIBE_API_KEY?: string;
  TRANSCRIBE_MODEL: string;
  TRANSCRIBE_CHUNK_SECONDS?: number;
  FFMPEG_PATH?: string;
}): Transcriber | undefined {
  if (config.TRANSCRIBE === 'off') return undefined;
  const ffmpegPath = config.FFMPEG_PATH || '/usr/bin/ffmpeg';
  if (config.TRANSCRIBE_URL)
    return openAiTranscriber({
      baseUrl: config.TRANSCRIBE_URL,
      apiKey: config.TRANSCRIBE_API_KEY,
      model: config.TRANSCRIBE_MODEL,
      ffmpegPath,
      chunkSeconds: config.TRANSCRIBE_CHUNK_SECONDS,
    });
  return builtinTranscriber({ ffmpegPath, chunkSeconds: config.TRANSCRIBE_CHUNK_SECONDS });
}
