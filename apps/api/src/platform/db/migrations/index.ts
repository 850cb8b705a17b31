import type { Migration } from 'kysely';
import * as createVideos from './20261122043000-create-videos';
import * as mediaAssets from './20261123163000-media-assets';
import * as sharingAndViews from './20261123180000-sharing-and-views';
import * as editing from './20261123201000-editing';
import * as resumableUploads from './20261123202000-resumable-uploads';
import * as library from './20261123200000-library';
import * as videosFolderIndex from './20261123210000-videos-folder-index';
import * as clientUploadIds from './20261124050000-client-upload-ids';
import * as jobWorkers from './20261125100000-job-workers';
import * as uploadFirstBytes from './20261125110000-upload-first-bytes';
import * as viewAddresses from './20261125110100-view-addresses';
import * as linkGenerations from './20261125110200-link-generations';
import * as teams from './20261125130000-teams';
import * as teamFolders from './20261125140000-team-folders';
import * as conversation from './20261125150000-conversation';
import * as mp4Rendition from './20261125160000-mp4-rendition';
import * as transcripts from './20261125170000-transcripts';
import * as videoTagsTeam from './20261126010000-video-tags-team';
import * as annotations from './20261126030000-annotations';
import * as accountSettings from './20261126040000-account-settings';
import * as admin from './20261126050000-admin';
import * as rateLimits from './20261126060000-rate-limits';
import * as shareLinks from './20261127010000-share-links';
import * as webhooks from './20261127020000-webhooks';
import * as notificationMail from './20261127020100-notification-mail';
import * as commentPages from './20261127020200-comment-pages';
import * as hlsRungs from './20261127030000-hls-rungs';
import * as transcriptAttempts from './20261127050000-transcript-attempts';
import * as transcriptCertainText from './20261207150000-transcript-certain-text';
import * as mainShareLinks from './20261208110000-main-share-links';
import * as sessions from './20261209100000-sessions';
import * as scim from './20261209101000-scim';
import * as directoryClaims from './20261209102000-directory-claims';
import * as samlLogins from './20261209110000-saml-logins';
import * as scimGroups from './20261209120000-scim-groups';
import * as sessionIdToken from './20261209130000-session-id-token';
import * as deletedAccounts from './20261127060000-deleted-accounts';
import * as profilePhotos from './20261127060100-profile-photos';
import * as momentCounts from './20261128080000-moment-counts';
import * as processingProgress from './20261129010000-processing-progress';
import * as apiKeyScopes from './20261207100000-api-key-scopes';

/** Every migration, by timestamped name; Kysely applies them in name order. */
export const migrations: Record<string, Migration> = {
  '20261122043000-create-videos': createVideos,
  '20261123163000-media-assets': mediaAssets,
  '20261123180000-sharing-and-views': sharingAndViews,
  '20261123201000-editing': editing,
  '20261123202000-resumable-uploads': resumableUploads,
  '20261123200000-library': library,
  '20261123210000-videos-folder-index': videosFolderIndex,
  '20261124050000-client-upload-ids': clientUploadIds,
  '20261125100000-job-workers': jobWorkers,
  '20261125110000-upload-first-bytes': uploadFirstBytes,
  '20261125110100-view-addresses': viewAddresses,
  '20261125110200-link-generations': linkGenerations,
  '20261125130000-teams': teams,
  '20261125140000-team-folders': teamFolders,
  '20261125150000-conversation': conversation,
  '20261125160000-mp4-rendition': mp4Rendition,
  '20261125170000-transcripts': transcripts,
  '20261126010000-video-tags-team': videoTagsTeam,
  '20261126030000-annotations': annotations,
  '20261126040000-account-settings': accountSettings,
  '20261126050000-admin': admin,
  '20261126060000-rate-limits': rateLimits,
  '20261127010000-share-links': shareLinks,
  '20261127020000-webhooks': webhooks,
  '20261127020100-notification-mail': notificationMail,
  '20261127020200-comment-pages': commentPages,
  '20261127030000-hls-rungs': hlsRungs,
  '20261127050000-transcript-attempts': transcriptAttempts,
  '20261127060000-deleted-accounts': deletedAccounts,
  '20261127060100-profile-photos': profilePhotos,
  '20261128080000-moment-counts': momentCounts,
  '20261129010000-processing-progress': processingProgress,
  '20261207100000-api-key-scopes': apiKeyScopes,
  '20261207150000-transcript-certain-text': transcriptCertainText,
  '20261208110000-main-share-links': mainShareLinks,
  '20261209100000-sessions': sessions,
  '20261209101000-scim': scim,
  '20261209102000-directory-claims': directoryClaims,
  '20261209110000-saml-logins': samlLogins,
  '20261209120000-scim-groups': scimGroups,
  '20261209130000-session-id-token': sessionIdToken,
};
