// The database as Kysely sees it: every feature's tables, by their SQL names. Platform code may name
// the tables' types (never a feature's values): the features own their tables, the database holds them.
import type { ShareLinkEmailTable, ShareLinkTable } from '../../sharing/share-link.table';
import type {
  AdminAuditLogTable,
  ApiKeyTable,
  DeletedAccountTable,
  InstanceSettingTable,
} from '../../admin/admin.table';
import type { CommentTable } from '../../conversation/comment.table';
import type { ConversationEventTable } from '../../conversation/conversation-event.table';
import type { NotificationTable } from '../../conversation/notification.table';
import type { PlaybackRangeTable } from '../../conversation/playback-range.table';
import type { ReactionTable } from '../../conversation/reaction.table';
import type { FolderTable, TagTable, VideoTagTable } from '../../library/library.table';
import type { TeamInviteTable, TeamMemberTable, TeamTable, UserTable } from '../../teams/team.table';
import type { TranscriptSegmentTable } from '../../transcripts/transcript.table';
import type { MediaAssetTable } from '../../videos/media-asset.table';
import type { VideoTable, VideoViewTable } from '../../videos/video.table';
import type { WebhookDeliveryTable, WebhookTable } from '../../webhooks/webhook.table';
import type { RateLimitWindowTable } from '../rate-limits/rate-limit.table';

export interface Database {
  videos: VideoTable;
  video_views: VideoViewTable;
  media_assets: MediaAssetTable;
  folders: FolderTable;
  tags: TagTable;
  video_tags: VideoTagTable;
  users: UserTable;
  teams: TeamTable;
  team_members: TeamMemberTable;
  team_invites: TeamInviteTable;
  comments: CommentTable;
  reactions: ReactionTable;
  conversation_events: ConversationEventTable;
  notifications: NotificationTable;
  playback_ranges: PlaybackRangeTable;
  transcript_segments: TranscriptSegmentTable;
  rate_limit_windows: RateLimitWindowTable;
  admin_audit_log: AdminAuditLogTable;
  api_keys: ApiKeyTable;
  instance_settings: InstanceSettingTable;
  share_links: ShareLinkTable;
  share_link_emails: ShareLinkEmailTable;
  deleted_accounts: DeletedAccountTable;
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
}
