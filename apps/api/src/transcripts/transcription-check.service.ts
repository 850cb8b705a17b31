import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { User } from '../platform/auth/user';
import { inScratch } from '../platform/processing/scratch';
import {
  builtinTranscriber,
  certainText,
  isUncertain,
  openAiTranscriber,
  type Transcriber,
  type TranscriptWord,
} from '../platform/media/transcribe';
import { TEST_CLIP_OGG_BASE64, TEST_CLIP_SECONDS, TEST_CLIP_TEXT } from '../platform/media/transcribe/test-clip';
import type { AccountGate } from '../access';
import { refuseKeyCallers } from '../api-keys';
import { AppError } from '../platform/app-error';

export type TranscriptionEngineKind = 'off' | 'builtin' | 'server';

export interface TranscriptionSettingsView {
  engine: TranscriptionEngineKind;
  url: string;
  model: string;
}

export interface TranscriptionTestResult {
  ok: boolean;
  expectedText: string;
  text: string;
  uncertainWords: string[];
  error: string;
  seconds: number;
}

export interface TranscriptionCheckDeps {
  gate: AccountGate;
  config: {
    TRANSCRIBE: 'on' | 'off';
    TRANSCRIBE_URL?: string;
    TRANSCRIBE_API_KEY?: string;
    TRANSCRIBE_MODEL: string;
    FFMPEG_PATH?: string;
  };
  scratchDir: string;
}

/**
 * /admin's Transcription section: which engine this server uses, and a Test that sends a short
 * clip of synthesised speech to it now (one try, a minute at most), so an operator who just set
 * TRANSCRIBE_URL sees whether the server answers and what it heard. Admins alone.
 */
export class TranscriptionCheckService {
  constructor(private readonly deps: TranscriptionCheckDeps) {}

  private async requireAdmin(user: User): Promise<void> {
    refuseKeyCallers(user);
    if (!(await this.deps.gate.isAdmin(user)))
      throw new AppError('permission_denied', 'Only an admin of this Stream can do that');
  }

  async settings(caller: User): Promise<TranscriptionSettingsView> {
    await this.requireAdmin(caller);
    const { config } = this.deps;
    if (config.TRANSCRIBE === 'off') return { engine: 'off', url: '', model: '' };
    if (!config.TRANSCRIBE_URL) return { engine: 'builtin', url: '', model: '' };
    return { engine: 'server', url: config.TRANSCRIBE_URL, model: config.TRANSCRIBE_MODEL };
  }

  async test(caller: User): Promise<TranscriptionTestResult> {
    await this.requireAdmin(caller);
    const engine = this.engine();
    if (!engine)
      throw new AppError('failed_precondition', 'Transcription is turned off on this server (TRANSCRIBE=off)');
    const started = performance.now();
    const result = { ok: false, expectedText: TEST_CLIP_TEXT, text: '', uncertainWords: [] as string[], error: '' };
    try {
      const transcript = await inScratch(this.deps.scratchDir, 'transcription-test', 60_000, async (work, left) => {
        const clip = join(work, 'clip.ogg');
        await writeFile(clip, Buffer.from(TEST_CLIP_OGG_BASE64, 'base64'));
        return engine.transcribe(clip, {
          durationSeconds: TEST_CLIP_SECONDS,
          scratchDir: work,
          timeoutMs: left(),
          language: 'en',
        });
      });
      const words: TranscriptWord[] = transcript.segments.flatMap((segment) => segment.words ?? []);
      result.ok = true;
      result.text = transcript.segments
        .map((segment) => certainText(segment.text, segment.words))
        .filter(Boolean)
        .join(' ');
      result.uncertainWords = words.filter(isUncertain).map((word) => word.word);
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
    }
    return { ...result, seconds: (performance.now() - started) / 1000 };
  }

  private engine(): Transcriber | undefined {
    const { config } = this.deps;
    if (config.TRANSCRIBE === 'off') return undefined;
    const ffmpegPath = config.FFMPEG_PATH || '/usr/bin/ffmpeg';
    if (!config.TRANSCRIBE_URL) return builtinTranscriber({ ffmpegPath });
    // One try: the operator is waiting, and a retry would only hide what the server answered.
    return openAiTranscriber({
      baseUrl: config.TRANSCRIBE_URL,
      apiKey: config.TRANSCRIBE_API_KEY,
      model: config.TRANSCRIBE_MODEL,
      ffmpegPath,
      attempts: 1,
      requestTimeoutMs: 50_000,
    });
  }
}
