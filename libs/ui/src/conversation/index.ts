export { CommentText } from './comment-text';
export { CommentsPanel, type CommentsPanelProps } from './comments-panel';
export { ConversationView, type ConversationViewProps } from './conversation-view';
export { MomentMarkers, ReactionsRow, type MomentMarker } from './reactions-row';
export { InsightsPanel } from './insights-panel';
export { NotificationsBell } from './notifications-bell';
export { NotificationsList } from './notifications';
export type { CommentView, InsightsView, NotificationView, PersonView } from './conversation-views';
