// What apps use, plus what README.md documents for them (each feature's queries and mutations, the
// key prefixes for invalidation, createQueryClient and its retry rule).
export { createPageVideoTransport, createVideoTransport } from './transport/create-video-transport';
export { describeVideoError, isVideoNotFound } from './errors/describe-video-error';
export { retryVideoCall } from './errors/retry-video-call';
export { createQueryClient } from './query/create-query-client';
export { changeErrorMessage } from './errors/change-error-message';
export { isVideoUnavailable } from './errors/is-video-unavailable';
export {
  cardOf,
  createdAtOf,
  editStateLabel,
  keptSpansOf,
  originalFileOf,
  showsTranscript,
  stageOf,
  statusLabel,
  visibilityLabel,
  visibilityOfLabel,
} from './view/video-view';
export { loadErrorOf, useSharedVideo, useVideo } from './hooks/use-video';
export { useDeleteVideo, useShareVideo } from './hooks/use-share-video';
export { useVideoEdits } from './hooks/use-video-edits';
export {
  useFindSensitiveText,
  type FoundSensitiveText,
  type SensitiveSearchState,
} from './editing/use-find-sensitive-text';
export { transcriptStateLabel, useTranscript, type TranscriptStateLabel } from './hooks/use-transcript';
export { getTranscriptQuery, originalTimelineTranscriptQuery } from './transcripts/queries';
export { retryTranscriptionMutation, updateTranscriptLineMutation } from './transcripts/mutations';
export { useOrganiseVideo } from './hooks/use-organise-video';
export { useSaveDetails } from './hooks/use-save-details';
export { folderChoices, type FolderChoice } from './view/folder-choices';
export { useLibrary } from './hooks/use-library';
export { useFileUploads, type FileUploadState } from './hooks/use-file-uploads';
export { FILE_CHUNK_BYTES, fileUploadFailure, titleOfFileName, uploadFile } from './resumable/upload-file';
export { useLibraryFolders } from './hooks/use-library-folders';
export { tagParam, tagsOf, validateLibrarySearch, type LibrarySearch } from './library/library-search';
export { toLibraryFilter } from './library/library-filter';
export { libraryControlsOf, type ShowLibrary } from './library/library-controls';
export { VIEW_AFTER_SECONDS, useRecordView } from './hooks/use-record-view';
export { VIEWER_ID_KEY } from './hooks/viewer-id';
export {
  SHARE_TOKEN_HEADER,
  allVideosKey,
  getSharedVideoQuery,
  getVideoQuery,
  listVideosKey,
  listVideosQuery,
  refetchWhileProcessing,
} from './videos/queries';
export {
  deleteVideoMutation,
  recordViewMutation,
  shareVideoMutation,
  updateVideoMutation,
  type RecordViewInput,
} from './videos/mutations';
export { refetchWhileApplying, revertEditsMutation, saveEditsMutation, setCaptionsMutation } from './editing/mutations';
export { createUploadClient, uploadMessages, type UploadClient, type UploadOptions, type UploadResult } from './upload';
export { appConfigQuery, fetchAppConfig, type AppConfig } from './app-config/app-config';
export {
  ResumableUploadError,
  createResumableClient,
  type ResumableClient,
  type ResumableClientOptions,
  type ResumableErrorCode,
  type ResumableUpload,
  type UploadRef,
} from './resumable';
export {
  allFoldersQuery,
  isFiltered,
  libraryVideosQuery,
  listFoldersKey,
  listFoldersQuery,
  listTagsKey,
  listTagsQuery,
  type LibraryFilter,
} from './library/queries';
export {
  createFolderMutation,
  deleteFolderMutation,
  deleteVideosMutation,
  renameFolderMutation,
  updateVideosMutation,
} from './library/mutations';
export { getInviteQuery, getTeamKey, getTeamQuery, listMyTeamsQuery } from './team/queries';
export {
  acceptInviteMutation,
  changeRoleMutation,
  createInviteMutation,
  createTeamMutation,
  deleteTeamMutation,
  leaveTeamMutation,
  moveVideoToTeamMutation,
  removeMemberMutation,
  renameTeamMutation,
  revokeInviteMutation,
} from './team/mutations';
export { teamErrorMessage } from './team/team-error-message';
export { useTeamPage } from './team/use-team-page';
export { useInvite } from './team/use-invite';
export { useMoveToTeam } from './team/use-move-to-team';
export { PERSONAL_SPACE, rememberSpace, rememberedSpace, type ActiveSpace } from './team/active-space';
export { loadSpaces } from './team/load-spaces';
export { useSpaceName } from './team/use-space-name';
export * from './conversation';
export * from './admin';
export * from './api-keys';
export { accountErrorMessage, accountRefusalSentence } from './account/account-error-message';
export { PROFILE_PHOTO_MAX_BYTES, putProfilePhoto } from './account/put-profile-photo';
export { getAccountQuery } from './account/queries';
export {
  defaultVisibilityLabels,
  themeLabels,
  type DefaultVisibilityLabel,
  type ThemeLabel,
} from './account/account-view';
export { useSettingsPage, type RecordingDefaultsValue, type SettingsPageOptions } from './account/use-settings-page';
export { callToActionOf, useCallToActionForm, type CallToActionView } from './sharing/call-to-action';
export { useShareLinks } from './sharing/use-share-links';
export { shareLinkClient } from './sharing/share-link-client';
export { listShareLinksQuery } from './sharing/queries';
export { changeShareLinkMutation, setCallToActionMutation } from './sharing/mutations';
export { useAppShell } from './account/use-app-shell';
export type { AppShellView } from './account/app-shell-view';
export { accountRecordingDefaults, type RecordingStart } from './account/account-recording-defaults';
export { useWebhooks, WEBHOOK_EVENT_LABELS, type Webhooks } from './webhooks/use-webhooks';
export { listWebhooksQuery, webhookDeliveriesQuery } from './webhooks/queries';
export { createWebhookMutation, deleteWebhookMutation, sendTestWebhookMutation } from './webhooks/mutations';
