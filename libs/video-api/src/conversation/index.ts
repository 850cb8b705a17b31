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
export { COMMENT_PAGE_SIZE, conversationQuery, insightsQuery, notificationsQuery } from './queries';
export { markNotificationsReadMutation } from './mutations';
export { useConversation } from './use-conversation';
export { NOTIFICATIONS_POLL_MS, useNotifications, useNotificationsPage } from './use-notifications';
export { useInsights } from './use-insights';
export { playedRanges, usePlaybackBeacons } from './use-playback-beacons';
export {
  NOTIFICATIONS_MAY_CHANGE_EVENT,
  NOTIFICATIONS_READ_EVENT,
  UNREAD_POLL_MS,
  useUnreadCount,
} from './use-unread-count';
