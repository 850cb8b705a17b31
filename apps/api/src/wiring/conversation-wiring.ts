import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';
import type { StreamCallers } from '../access';
import type { ShareLinkGates } from '../sharing';
import type { VideoService } from '../videos';
import type { WebhookService } from '../webhooks';
import {
  CommentService,
  LiveFeedService,
  NotificationService,
  PlaybackInsightService,
  type NotificationMailService,
} from '../conversation';

export interface ConversationWiringDeps {
  db: Kysely<Database>;
  videos: Pick<VideoService, 'readable'>;
  /** Where the per-person limits are counted (comments, reactions, playback reports). */
  rateLimits: RateLimitCounter;
  /** Who a signed-out viewer is through a named link or an email gate (their playback). */
  gates?: Pick<ShareLinkGates, 'attribution'>;
  /** Set when SMTP_URL is: new notifications are mailed to whoever wants them at once. */
  mail?: Pick<NotificationMailService, 'mailSoon'>;
  /** Webhooks: comment.created and reaction.created. */
  hooks?: Pick<WebhookService, 'emitSoon'>;
  /** Whether a live stream's caller may still hold it, asked while it is open. */
  callers?: StreamCallers;
}

/**
 * The conversation around a video as its four services: comments (with reactions) tell the live
 * feed and the notifications of each change they store; playback insights stand alone.
 */
export function wireConversation(deps: ConversationWiringDeps) {
  const { db, videos, rateLimits } = deps;
  const liveFeed = new LiveFeedService({ db, videos, callers: deps.callers });
  const notifications = new NotificationService({ db, mail: deps.mail });
  const comments = new CommentService({ db, videos, rateLimits, live: liveFeed, notifications, hooks: deps.hooks });
  const playback = new PlaybackInsightService({ db, videos, rateLimits, gates: deps.gates });
  return { comments, liveFeed, notifications, playback };
}
