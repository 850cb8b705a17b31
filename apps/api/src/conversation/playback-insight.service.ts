import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { Grant } from '../access';
import { attributedPerson, linkInsights, type ShareLinkGates } from '../sharing';
import type { VideoService } from '../videos';
import { PersonRateLimit } from '../platform/rate-limits/person-rate-limit';
import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import { AppError } from '../platform/app-error';
import * as repository from './playback-insight.repository';
import { playbackInsights } from './playback-insights';
import type { Insights, PlaybackRange } from './conversation';
import { moderates, ownsIt } from '../access';

/** Playback reports one viewer may send (on any videos) per minute. */
export const PLAYBACK_LIMIT = { max: 120, windowMs: 60_000 };

export interface PlaybackInsightServiceDeps {
  db: Kysely<Database>;
  videos: Pick<VideoService, 'readable'>;
  /** Where the per-viewer limit is counted: the database, so every process of a cluster shares it. */
  rateLimits: RateLimitCounter;
  /** Who a signed-out viewer is through a named link or an email gate. */
  gates?: Pick<ShareLinkGates, 'attribution'>;
}

/** What viewers watched of a video (their players' beacons), and what its owner learns from it. */
export class PlaybackInsightService {
  private readonly playbackLimit: PersonRateLimit;

  constructor(private readonly deps: PlaybackInsightServiceDeps) {
    this.playbackLimit = new PersonRateLimit('playback', PLAYBACK_LIMIT.max, PLAYBACK_LIMIT.windowMs, deps.rateLimits);
  }

  /**
   * Ranges one viewer watched. Each must lie within the video (a second of slack past its end when
   * its length is known); the owner's own playback is not counted.
   */
  async recordPlayback(
    caller: User | undefined,
    videoId: string,
    input: { viewerId: string; sessionId: string; ranges: PlaybackRange[] },
    grant: Grant,
  ): Promise<void> {
    const video = await this.deps.videos.readable(caller, videoId, grant);
    const end = video.durationSeconds > 0 ? video.durationSeconds + 1 : 24 * 3600;
    for (const range of input.ranges) {
      if (video.durationSeconds > 0 && range.startSeconds >= video.durationSeconds)
        throw new AppError('invalid_argument', `A range starts at ${range.startSeconds} s, past the video's end`);
      if (range.endSeconds > end)
        throw new AppError('invalid_argument', `A range ends at ${range.endSeconds} s, past the video's end`);
    }
    if (ownsIt(caller, video)) return;
    const attributed = caller ? undefined : await this.deps.gates?.attribution(videoId, grant, input.viewerId);
    const viewerKey = caller ? `user:${caller.uid}` : (attributed?.viewerKey ?? `anon:${input.viewerId}`);
    if (!(await this.playbackLimit.take(viewerKey)))
      throw new AppError('resource_exhausted', 'Too many playback reports in a short time');
    await repository.insertPlaybackRanges(
      this.deps.db,
      input.ranges.map((range) => ({
        video_id: videoId,
        session_id: `${viewerKey}/${input.sessionId}`,
        viewer_key: viewerKey,
        uid: caller?.uid ?? null,
        viewer_label: attributed?.label ?? null,
        start_seconds: range.startSeconds,
        end_seconds: Math.min(range.endSeconds, video.durationSeconds || range.endSeconds),
      })),
    );
  }

  async insights(user: User, videoId: string, grant: Grant): Promise<Insights> {
    const video = await this.deps.videos.readable(user, videoId, grant);
    if (!moderates(user, video)) throw new AppError('permission_denied', 'Only the video’s owner sees its insights');
    const [rows, viewerKeys] = await Promise.all([
      repository.playbackOf(this.deps.db, videoId),
      repository.viewerKeysOf(this.deps.db, videoId),
    ]);
    const fromLinks = await linkInsights(this.deps.db, videoId);
    const insights = playbackInsights(
      rows.map((row) => ({
        sessionId: row.session_id,
        viewerKey: row.viewer_key,
        startSeconds: row.start_seconds,
        endSeconds: row.end_seconds,
        at: row.created_at,
        person: row.uid
          ? { uid: row.uid, displayName: row.display_name, photoUrl: row.photo_url }
          : row.viewer_label
            ? { uid: attributedPerson(row.viewer_key), displayName: row.viewer_label, photoUrl: '' }
            : undefined,
      })),
      video.viewCount,
      video.durationSeconds,
      viewerKeys,
    );
    return { ...insights, ...fromLinks };
  }
}
