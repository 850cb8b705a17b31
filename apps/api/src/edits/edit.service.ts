import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { User } from '../platform/auth/user';
import * as edits from './edit.repository';
import { RENDITION_KINDS } from '../videos';
import type { Database } from '../platform/db/schema';
import type { MediaService } from '../videos';
import type { EditRenderQueue } from '../platform/processing/edit-contracts';
import type { RenditionQueue } from '../platform/processing/rendition-contracts';
import type { StoredAnnotation, StoredChapter, StoredRange } from './edit';
import * as annotationRules from './annotation-rules';
import type { AnnotationInput } from './annotation-rules';
import { blursOf } from './annotation-timeline';
import * as rules from './edit-rules';
import { stageGeneratedCaptions } from '../transcripts';
import { AppError } from '../platform/app-error';
import type { StoredVideo } from '../videos';
import type { VideoService } from '../videos';

export interface EditServiceDeps {
  db: Kysely<Database>;
  media: MediaService;
  videos: VideoService;
  renders: EditRenderQueue;
  /** Queues the MP4 of the original once a revert makes it play again. */
  renditions?: RenditionQueue;
  log: Logger;
}

const notFound = (id: string) => new AppError('not_found', `No video ${id}`);

/**
 * Non-destructive editing (docs/architecture.md, Edits): an edit is a list of kept ranges of the
 * original, rendered by a job into an `edited` version; the original is never touched, and the
 * version playing keeps playing until the next one is ready. Owner only, like every change.
 */
export class EditService {
  constructor(private readonly deps: EditServiceDeps) {}

  /**
   * Saves an edit (kept ranges and annotations) and queues its render. Ranges keeping the whole
   * video without blur revert instead (keeping the overlays); a save that changes only overlays
   * (text, arrow, box) stores them without rendering again; a blur is refused while another edit
   * is still rendering.
   */
  async save(
    user: User,
    id: string,
    ranges: readonly StoredRange[],
    annotationInputs: readonly AnnotationInput[] = [],
  ): Promise<StoredVideo> {
    const video = await this.deps.videos.owned(user, id);
    if (video.status !== 'READY' || !video.hasVideoBlob)
      throw new AppError('failed_precondition', 'Only a processed video can be edited');
    const annotations = annotationRules.annotations(annotationInputs, video.durationSeconds);
    const blurs = blursOf(annotations);
    const trimmed = rules.keptRanges(ranges, video.durationSeconds);
    const { editing } = video;
    if (!trimmed && blurs.length === 0) {
      if (editing.state !== 'NONE') return this.revert(user, id, annotations);
      if (!(await edits.saveAnnotations(this.deps.db, id, annotations))) throw notFound(id);
      return this.deps.videos.get(user, id);
    }
    // A blur is rendered into the frames, so it needs an edited version even of the whole video.
    const kept = trimmed ?? rules.wholeVideo(video.durationSeconds);
    const rendering = editing.state === 'APPLYING' || editing.state === 'APPLIED';
    if (rendering && sameRender(editing, kept, blurs)) {
      if (!(await edits.saveAnnotations(this.deps.db, id, annotations))) throw notFound(id);
      return this.deps.videos.get(user, id);
    }
    if (editing.state === 'APPLYING' && blurs.length > 0)
      throw new AppError(
        'failed_precondition',
        'Another edit of this video is still processing: wait until it is done to add or change a blur',
      );
    const version = await edits.saveEdit(this.deps.db, id, kept, annotations);
    if (version === undefined) throw notFound(id);
    try {
      await this.deps.renders.enqueueRender(id, version);
    } catch (error) {
      // Without a job the edit would wait forever: fail it now; the playing version stays.
      this.deps.log.error({ err: error, videoId: id }, 'could not queue the edit');
      await edits.markEditFailed(this.deps.db, id, version, 'The edit could not be queued');
    }
    return this.deps.videos.get(user, id);
  }

  /**
   * Drops every edit: the original plays again, and its edited versions are deleted. The
   * annotations go too, but for `annotations` (a save keeping the whole video with overlays only).
   */
  async revert(user: User, id: string, annotations: StoredAnnotation[] = []): Promise<StoredVideo> {
    await this.deps.videos.owned(user, id);
    const captions = await stageGeneratedCaptions(this.deps.db, this.deps.media, id, null);
    const reverted = await this.deps.media.publish(id, captions ? [captions] : [], {
      retire: ['edited', 'edited-storyboard', 'edited-thumbnail', ...RENDITION_KINDS],
      when: (trx) => edits.revertEdit(trx, id, annotations),
    });
    if (!reverted) throw notFound(id);
    await this.deps.renditions?.enqueueMp4(id).catch((error: unknown) => {
      this.deps.log.error({ err: error, videoId: id }, 'could not queue the mp4 rendition');
    });
    return this.deps.videos.get(user, id);
  }

  /** Throws the invalid_argument updatePlayback would, before anything is looked up. */
  checkPlayback(changes: { chapters?: readonly StoredChapter[]; defaultPlaybackRate?: number }): void {
    if (changes.chapters) rules.chapters(changes.chapters);
    if (changes.defaultPlaybackRate !== undefined) rules.playbackRate(changes.defaultPlaybackRate);
  }

  /** Replaces the chapters and/or the default speed (0 clears it); owner only. */
  async updatePlayback(
    user: User,
    id: string,
    changes: { chapters?: readonly StoredChapter[]; defaultPlaybackRate?: number },
  ): Promise<void> {
    const chapters = changes.chapters && rules.chapters(changes.chapters);
    const rate =
      changes.defaultPlaybackRate === undefined ? undefined : rules.playbackRate(changes.defaultPlaybackRate);
    await this.deps.videos.owned(user, id);
    if (!(await edits.updatePlayback(this.deps.db, id, { chapters, defaultPlaybackRate: rate }))) throw notFound(id);
  }

  /** Sets the video's WebVTT captions; '' removes them. Owner only. */
  async setCaptions(user: User, id: string, text: string): Promise<StoredVideo> {
    const vtt = text === '' ? undefined : rules.webvtt(text);
    await this.deps.videos.owned(user, id);
    const { media } = this.deps;
    const staged = vtt === undefined ? [] : [await media.stageBytes(id, 'captions', Buffer.from(vtt), 'text/vtt')];
    const done = await media.publish(id, staged, {
      retire: vtt === undefined ? ['captions'] : [],
      when: (trx) => edits.setHasCaptions(trx, id, vtt !== undefined),
    });
    if (!done) throw notFound(id);
    return this.deps.videos.get(user, id);
  }
}

/** Whether the saved edit (rendering or rendered) already holds these kept ranges and blurs. */
function sameRender(
  editing: { keptRanges: StoredRange[]; annotations: StoredAnnotation[] },
  kept: StoredRange[],
  blurs: StoredAnnotation[],
): boolean {
  return renderKey(editing.keptRanges, blursOf(editing.annotations)) === renderKey(kept, blurs);
}

/** What a render depends on, in a fixed order (jsonb does not keep the order of keys). */
const renderKey = (kept: StoredRange[], blurs: StoredAnnotation[]) =>
  JSON.stringify([kept.map((r) => [r.start, r.end]), blurs.map((b) => [b.from, b.to, b.x, b.y, b.width, b.height])]);
