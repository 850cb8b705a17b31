export { CONVERSATION_CHANNEL } from './conversation.repository';
export { ConversationService } from './conversation.service';
export { passOverUnmailed } from './notification-mail.repository';
export { NotificationMailService } from './notification-mail.service';
export { registerNotificationRoutes } from './notifications.routes';
