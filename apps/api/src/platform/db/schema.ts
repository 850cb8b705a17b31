// The database as Kysely sees it: every feature's tables, by their SQL names. Platform code may name
// the tables' types (never a feature's values): the features own their tables, the database holds them.
import type { DeletedAccountTable } from '../../accounts/deleted-account.table';
import type { UserTable } from '../../accounts/user.table';
import type { AdminAuditLogTable } from '../../admin/admin-audit-log.table';
import type { InstanceSettingTable } from '../../admin/instance-setting.table';
import type { ApiKeyTable } from '../../api-keys/api-key.table';
import type { CommentTable } from '../../conversation/comment.table';
import type { ConversationEventTable } from '../../conversation/conversation-event.table';
import type { NotificationTable } from '../../conversation/notification.table';
import type { PlaybackRangeTable } from '../../conversation/playback-range.table';
import type { ReactionTable } from '../../conversation/reaction.table';
import type { OidcLoginTable } from '../../identity/oidc-login.table';
import type { SessionTable } from '../../identity/session.table';
import type { FolderTable } from '../../library/folder.table';
import type { TagTable } from '../../library/tag.table';
import type { VideoTagTable } from '../../library/video-tag.table';
import type { ShareLinkEmailTable, ShareLinkTable } from '../../sharing/share-link.table';
import type { TeamInviteTable } from '../../teams/team-invite.table';
import type { TeamMemberTable } from '../../teams/team-member.table';
import type { TeamTable } from '../../teams/team.table';
import type { TranscriptSegmentTable } from '../../transcripts/transcript.table';
import type { MediaAssetTable } from '../../videos/media-asset.table';
import type { VideoViewTable } from '../../videos/video-view.table';
import type { VideoTable } from '../../videos/video.table';
import type { WebhookDeliveryTable } from '../../webhooks/webhook-delivery.table';
import type { WebhookTable } from '../../webhooks/webhook.table';
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
  sessions: SessionTable;
  oidc_logins: OidcLoginTable;
}
