import type { Kysely } from 'kysely';
import * as transcripts from './transcript.repository';
import type { Database } from '../platform/db/schema';
import type { MediaService } from '../videos';
import type { TranscriptionQueue } from '../platform/processing';
import type { User } from '../platform/auth/user';
import type { Grant } from '../access';
import { certainText, isUncertain } from '../platform/media/transcribe/confidence';
import { spanInEdit } from '../edits';
import { publishGeneratedCaptions } from './transcript-captions';
import { MAX_LINE_CHARS, type TranscriptView } from './transcript';
import { isDefaultTitle, suggestTitle } from './title-suggestion';
import { AppError } from '../platform/app-error';
import type { StoredVideo } from '../videos';
import type { VideoService } from '../videos';

export interface TranscriptServiceDeps {
  db: Kysely<Database>;
  media: MediaService;
  videos: VideoService;
  /** Unset when transcription is off: Retry then says so. */
  queue?: TranscriptionQueue;
  /** The languages the engine transcribes (the built-in one: English alone); empty or unset: any. */
  engineLanguages?: readonly string[];
  /** The engine is the built-in one (pocketsphinx): the panel says it is rough. */
  builtinEngine?: boolean;
}

/** Reading a video's transcript (as the video may be read) and the owner's changes to it. */
export class TranscriptService {
  constructor(private readonly deps: TranscriptServiceDeps) {}

  async get(caller: User | undefined, id: string, grant: Grant = {}): Promise<TranscriptView> {
    const video = await this.deps.videos.readable(caller, id, grant);
    return this.view(video, video.viewOriginal === true);
  }

  /** The owner's editor: every line at its time in the unedited recording (the edit's kept ranges' timeline). */
  async getOriginal(user: User, id: string): Promise<TranscriptView> {
    return this.view(await this.deps.videos.owned(user, id), true, { originalTimeline: true });
  }

  /** The owner's correction of line `index`; the generated captions follow. */
  async updateLine(user: User, id: string, index: number, text: string): Promise<TranscriptView> {
    const clean = text.trim().replace(/\s+/g, ' ');
    if (!clean) throw new AppError('invalid_argument', 'A transcript line cannot be blank');
    if (clean.length > MAX_LINE_CHARS)
      throw new AppError('invalid_argument', `A transcript line holds at most ${MAX_LINE_CHARS} characters`);
    const video = await this.deps.videos.owned(user, id);
    if (!(await transcripts.updateSegmentText(this.deps.db, id, index, clean)))
      throw new AppError('not_found', `The transcript of video ${id} has no line ${index}`);
    await publishGeneratedCaptions(this.deps.db, this.deps.media, id);
    return this.view(video, true);
  }

  /** The owner asks for a transcript again: after a failure, or where none was made; never over corrected lines. */
  async retry(user: User, id: string): Promise<TranscriptView> {
    const video = await this.deps.videos.owned(user, id);
    const { queue } = this.deps;
    if (!queue) throw new AppError('failed_precondition', 'Transcription is turned off on this server');
    if (video.status !== 'READY') throw new AppError('failed_precondition', 'The video is not ready yet');
    const from = video.transcript?.state ?? null;
    if (from === 'PENDING' || from === 'RUNNING')
      throw new AppError('failed_precondition', 'The video is being transcribed already');
    const corrected = (await transcripts.listSegments(this.deps.db, id)).filter((line) => line.edited).length;
    if (corrected > 0)
      throw new AppError(
        'failed_precondition',
        `Transcribing again would replace the ${corrected === 1 ? 'line' : `${corrected} lines`} you corrected`,
      );
    const attempt = await transcripts.beginTranscriptAttempt(this.deps.db, id, [from]);
    if (attempt === undefined) throw new AppError('failed_precondition', 'The transcript changed meanwhile: try again');
    await queue.enqueueTranscription(id, attempt);
    return this.view(await this.deps.videos.owned(user, id), true);
  }

  /**
   * The transcript of what plays: on an edited video, the lines the edit kept at the times they
   * play (the transcript itself stays on the original's timeline; a line's index still names it).
   */
  private async view(video: StoredVideo, owner: boolean, { originalTimeline = false } = {}): Promise<TranscriptView> {
    const lines = await transcripts.listSegments(this.deps.db, video.id);
    const kept = originalTimeline ? [] : video.editing.playingRanges;
    const playing = (start: number, end: number) => (kept.length ? spanInEdit(kept, start, end) : { start, end });
    const state = video.transcript?.state ?? null;
    const suggesting = owner && state === 'DONE';
    return {
      videoId: video.id,
      state,
      failureReason: video.transcript?.failureReason ?? '',
      language: video.transcript?.language ?? '',
      progress: state === 'RUNNING' ? (video.transcript?.progress ?? 0) : 0,
      engineLanguages: [...(this.deps.engineLanguages ?? [])],
      builtinEngine: this.deps.builtinEngine ?? false,
      spokenLanguage: video.transcript?.spokenLanguage ?? '',
      suggestedTitle:
        suggesting && isDefaultTitle(video.title)
          ? suggestTitle(lines.map((line) => ({ text: certainText(line.text, line.words) })))
          : '',
      suggestedSummary: suggesting ? (video.transcript?.suggestedSummary ?? '') : '',
      suggestedChapters: suggesting ? (video.transcript?.suggestedChapters ?? []) : [],
      lines: lines.flatMap((line) => {
        const span = playing(line.start_seconds, line.end_seconds);
        if (!span) return [];
        const words = (line.words ?? []).flatMap((word) => {
          const at = playing(word.start, word.end);
          return at ? [{ ...word, ...at, uncertain: isUncertain(word) }] : [];
        });
        return [{ index: line.position, ...span, text: line.text, words, edited: line.edited }];
      }),
    };
  }
}
