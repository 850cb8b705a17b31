export {
  applyEvent,
  groupMoments,
  momentMarkersOf,
  stateOf,
  withComment,
  withoutComment,
  type ConversationState,
} from './conversation-state';
export { followConversation, type FollowOptions } from './follow-conversation';
export { conversationKey, useConversation } from './use-conversation';
export { NOTIFICATIONS_POLL_MS, notificationsKey, useNotifications, useNotificationsPage } from './use-notifications';
export { useInsights } from './use-insights';
export { playedRanges, usePlaybackBeacons } from './use-playback-beacons';
export {
  NOTIFICATIONS_MAY_CHANGE_EVENT,
  NOTIFICATIONS_READ_EVENT,
  UNREAD_POLL_MS,
  useUnreadCount,
} from './use-unread-count';
