import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { User } from '../platform/auth/user';
import type { MediaService } from '../videos';
import { pngSize, readWords, sampleFrames } from '../platform/media/ocr';
import { makeScratch } from '../platform/processing/scratch';
import { mergeSightings, type SensitiveRegion, type Sighting } from './sensitive-text/merge-sightings';
import { masked } from './sensitive-text/sensitive-patterns';
import { sightingsInLines } from './sensitive-text/sightings-in-lines';
import { AppError } from '../platform/app-error';
import type { StoredVideo } from '../videos';
import type { VideoService } from '../videos';

export type { SensitiveRegion };

export interface SensitiveTextServiceDeps {
  media: MediaService;
  videos: VideoService;
  ffmpegPath: string;
  tesseractPath: string;
  /**
   * Where each search's frames wait while they are read (removed after): the processing scratch,
   * whose sweep removes what a process killed midway left.
   */
  scratchDir: string;
  /** The longest one tool run (sampling, or one frame's OCR) may take. */
  toolTimeoutMs: number;
}

/** How far one search has got; `found` on the last step. */
export interface SensitiveTextProgress {
  framesRead: number;
  framesTotal: number;
  found?: (SensitiveRegion & { masked: string })[];
}

/** At most this many frames are read, however long the video (a frame's OCR takes about 0.5 s of CPU). */
export const MAX_SAMPLED_FRAMES = 600;
export const MIN_INTERVAL_SECONDS = 0.25;

/**
 * "Find sensitive text": frames of the unedited video sampled by ffmpeg, read by
 * tesseract on this machine, and the emails, keys and tokens, card numbers and phone numbers in
 * them suggested as blur regions with the times they show. Owner only (anyone else: not_found).
 */
export class SensitiveTextService {
  /** Whose search runs in this process: one at a time per person, since each keeps a core busy. */
  private readonly searching = new Set<string>();

  constructor(private readonly deps: SensitiveTextServiceDeps) {}

  async *find(user: User, id: string, options: { intervalSeconds?: number } = {}) {
    const video = await this.deps.videos.owned(user, id);
    if (this.searching.has(user.uid))
      throw new AppError('resource_exhausted', 'A search for sensitive text is already running: wait for it to end');
    this.searching.add(user.uid);
    try {
      yield* this.search(video, options);
    } finally {
      this.searching.delete(user.uid);
    }
  }

  private async *search(video: StoredVideo, options: { intervalSeconds?: number }) {
    const { id, durationSeconds: duration } = video;
    if (video.status !== 'READY' || !video.hasVideoBlob)
      throw new AppError(
        'failed_precondition',
        'The video is still processing: look for sensitive text once it is ready',
      );
    if (video.editing.state === 'APPLYING')
      throw new AppError('failed_precondition', 'An edit is being applied: look for sensitive text once it is done');
    const interval = Math.max(options.intervalSeconds || 1, MIN_INTERVAL_SECONDS, duration / MAX_SAMPLED_FRAMES);
    const work = await makeScratch(this.deps.scratchDir, `sensitive-text-${id}`);
    try {
      const file = join(work, 'video');
      // The original: the annotations' times are the original's, as the edit's ranges are.
      if (!(await this.deps.media.download(id, ['playable', 'original'], file)))
        throw new AppError('failed_precondition', 'The video file is missing');
      const frames = await sampleFrames(this.deps.ffmpegPath, file, work, interval, this.deps.toolTimeoutMs);
      const size = frames[0] && (await pngSize(frames[0].file));
      yield { framesRead: 0, framesTotal: frames.length } satisfies SensitiveTextProgress;
      const sightings: Sighting[] = [];
      for (const [index, frame] of frames.entries()) {
        const lines = await readWords(this.deps.tesseractPath, frame.file, this.deps.toolTimeoutMs);
        sightings.push(...sightingsInLines(index, lines));
        await rm(frame.file, { force: true });
        if (index < frames.length - 1) yield { framesRead: index + 1, framesTotal: frames.length };
      }
      const regions = size
        ? mergeSightings(sightings, { ...size, intervalSeconds: interval, durationSeconds: duration })
        : [];
      yield {
        framesRead: frames.length,
        framesTotal: frames.length,
        found: regions.map((region) => ({ ...region, masked: masked(region.kind, region.text) })),
      } satisfies SensitiveTextProgress;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
