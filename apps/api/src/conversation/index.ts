export { CONVERSATION_CHANNEL } from './comment.repository';
export { ConversationService } from './comment.service';
export { passOverUnmailed } from './notification-mail.repository';
export { NotificationMailService } from './notification-mail.service';
export { registerNotificationRoutes } from './notification.routes';
