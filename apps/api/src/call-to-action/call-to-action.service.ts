import type { Kysely } from 'kysely';
import type { User } from '../platform/auth/user';
import type { Database } from '../platform/db/schema';
import type { CallToAction, VideoService } from '../videos';
import { ownsIt, type Grant } from '../access';
import { AppError } from '../platform/app-error';
import { PersonRateLimit } from '../platform/rate-limits/person-rate-limit';
import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import { addClick, saveCallToAction } from './call-to-action.repository';
import { callToAction } from './call-to-action.validation';

export interface CallToActionServiceDeps {
  db: Kysely<Database>;
  videos: VideoService;
  rateLimits: RateLimitCounter;
}

/** A button on a video's watch page and embed (at the end or throughout), and the clicks it gets. */
export class CallToActionService {
  private readonly clicks: PersonRateLimit;

  constructor(private readonly deps: CallToActionServiceDeps) {
    this.clicks = new PersonRateLimit('cta-click', 30, 3_600_000, deps.rateLimits);
  }

  /** The owner sets the video's call to action; undefined (or an empty label) clears it. */
  async set(user: User, videoId: string, input: CallToAction | undefined): Promise<CallToAction | undefined> {
    const cta = callToAction(input);
    await this.deps.videos.owned(user, videoId);
    if (!(await saveCallToAction(this.deps.db, videoId, cta))) throw new AppError('not_found', `No video ${videoId}`);
    return cta;
  }

  /** A click on the call to action of a video the caller may see; the owner's are not counted. */
  async recordClick(caller: User | undefined, videoId: string, viewerId: string, grant: Grant): Promise<void> {
    const video = await this.deps.videos.readable(caller, videoId, grant);
    if (!video.callToAction) throw new AppError('failed_precondition', 'This video has no call to action');
    if (ownsIt(caller, video)) return;
    if (!(await this.clicks.take(`${videoId}:${caller ? `user:${caller.uid}` : `anon:${viewerId}`}`)))
      throw new AppError('resource_exhausted', 'Too many clicks in a short time');
    await addClick(this.deps.db, videoId);
  }
}
