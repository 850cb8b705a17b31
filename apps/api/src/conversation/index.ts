export { CONVERSATION_CHANNEL } from './conversation-event.repository';
export { CommentService } from './comment.service';
export { LiveFeedService } from './live-feed.service';
export { NotificationService } from './notification.service';
export { PlaybackInsightService } from './playback-insight.service';
export { passOverUnmailed } from './notification-mail.repository';
export { NotificationMailService } from './notification-mail.service';
export { registerNotificationRoutes } from './notification.routes';
