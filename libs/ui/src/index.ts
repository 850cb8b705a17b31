// What the app uses. Helpers behind these (badges, time and volume rules, theme storage, form
// fields) stay inside their folders.
export { VideoCard, type VideoCardProps } from './library/video-card';
export { VideoGrid } from './library/video-grid';
export { EmptyVideos, VideoGridSkeleton } from './library/video-list-states';
export { LoadError, LoadMore } from './primitives/load-state';
export { formatDateTime, formatVideoDate } from './primitives/time-format';
export type { VideoStatusLabel, VideoVisibilityLabel } from './primitives/video-status';
export { VideoPlayer } from './player/video-player';
export { TranscriptPanel, type TranscriptPanelProps, type TranscriptPanelState } from './transcript/transcript-panel';
export { PlayerTranscript } from './transcript/player-transcript';
export { VideoStage, type VideoStageProps } from './video/video-stage';
export { StageBeside } from './video/stage-beside';
export { VideoUnavailable, WatchFrame } from './watch/watch-frame';
export { WatchVideoView, type WatchVideoViewProps } from './watch/watch-video';
export { chaptersFromDescription, mergeChapters, type ChapterMark } from './player/chapters';
export type { StoryboardSprite } from './player/storyboard';
export type { TimeSpan } from './primitives/kept-ranges';
export { TrimEditor } from './editor/trim-editor';
export type { CutLine } from './editor/transcript-cuts';
export { peaks } from './editor/waveform';
export { useWaveform } from './editor/use-waveform';
export { EditControls, type EditStateLabel } from './editor/edit-controls';
export { ChaptersEditor } from './editor/chapters-editor';
export { VideoEditPanel, type VideoEditPanelProps } from './editor/video-edit-panel';
export {
  SensitiveTextFinder,
  type SensitiveSearch,
  type SensitiveSuggestion,
  type SensitiveTextFinderProps,
} from './editor/sensitive-text-finder';
export { ShareDialog, type ShareDialogProps } from './sharing/share-dialog';
export * from './sharing';
export { CallToActionButton } from './video/call-to-action-button';
export type { CallToActionView } from './primitives/call-to-action';
export { VideoEditor, type VideoChanges } from './manage/video-editor';
export { DeleteDialog } from './manage/delete-dialog';
export { ViewCount, formatViews } from './primitives/view-count';
export { DownloadLink } from './primitives/download-link';
export { OwnerActions, type OwnerActionsProps } from './manage/owner-actions';
export { VideoNotFound, VideoPageView, type VideoPageViewProps } from './video/video-page';
export { VideoActionsMenu } from './library/video-actions-menu';
export { AlertArea, type AlertMessage } from './primitives/alert-area';
export { RecorderControls } from './recorder/recorder-controls';
export { ElapsedTime } from './recorder/elapsed-time';
export { RecordingPreview } from './recorder/recording-preview';
export { UploadStatus } from './recorder/upload-status';
export { ShareLinkField } from './recorder/share-link-field';
export { WhoCanWatch } from './recorder/who-can-watch';
export { RecordUploadView, type RecordUploadViewProps } from './recorder/record-upload-view';
export { RecordPageView, type RecordPageViewProps } from './recorder/record-page-view';
export { RecordingBar } from './recorder/recording-bar';
export { UnfinishedRecordings, type UnfinishedRecordingItem } from './recorder/unfinished-recordings';
export { UnfinishedBanner } from './recorder/unfinished-banner';
export { RecorderNotice } from './recorder/recorder-notice';
export { Countdown } from './recorder/countdown';
export { LevelMeter } from './recorder/level-meter';
export { LiveAnnouncer } from './recorder/live-announcer';
export { MediaPreview } from './recorder/media-preview';
export { AnnotationToolbar, type AnnotationToolbarProps } from './recorder/annotation-toolbar';
export { DrawingLayer, type DrawingLayerProps } from './recorder/drawing-layer';
export { AreaSelector, type Area } from './recorder/area-selector';
export { SourcePicker } from './recorder/source-picker';
export { BubblePlacement } from './recorder/bubble-placement';
export {
  RecorderSettings,
  type BubbleChoice,
  type DeviceChoice,
  type RecorderSettingsProps,
  type SourceChoice,
} from './recorder/recorder-settings';
export { RecordSetupView, type RecordSetupViewProps } from './recorder/record-setup-view';
export { AppLayout, type LayoutBrand } from './layout/app-layout';
export { SearchBox, SEARCH_DEBOUNCE_MS } from './primitives/search-box';
export { Highlight, searchWords } from './primitives/highlight';
export { FolderBar, type FolderItem } from './library/folder-bar';
export { FolderNameDialog } from './library/folder-name-dialog';
export { FolderManager, type FolderManagerProps } from './library/folder-manager';
export { LibraryView, type LibraryItem, type LibraryViewProps } from './library/library-view';
export type { ItemRights } from './library/item-rights';
export { FileUploads, type FileUploadRow, type FileUploadsProps } from './library/file-uploads';
export { LibraryPage } from './library/library-page';
export { LibraryToolbar, type SortChoice, type StatusChoice, type VisibilityChoice } from './library/library-toolbar';
export { SearchSummary } from './library/search-summary';
export { SelectionBar } from './library/selection-bar';
export { MoveDialog, type FolderChoice } from './library/move-dialog';
export { ConfirmDialog } from './primitives/confirm-dialog';
export { TagsField } from './library/tags-field';
export { VideoOrganise, type VideoOrganiseProps } from './library/video-organise';
export type { LinkComponent } from './primitives/link-component';
export { useTheme, type UseThemeOptions } from './theme/use-theme';
export { applyTheme } from './theme/theme';
export { HomePage } from './home/home-page';
export { ProfileCard } from './profile/profile-card';
export { ProviderChoiceScreen } from './sign-in/provider-choice';
// Every email and password screen, and what Create account submits (SignUpValues).
export * from './sign-in/email-screens';
export { PhoneCodeScreen, PhoneNumberScreen } from './sign-in/phone-screens';
export { NoticeScreen } from './sign-in/notice-screen';
export {
  SignInWidgetView,
  type SignInWidgetEvents,
  type SignInWidgetScreen,
  type SignInWidgetViewProps,
} from './sign-in/sign-in-widget-view';
export { SignInPage, SignedInNotice } from './sign-in/sign-in-page';
export { SpaceSwitcher, type SpaceSwitcherProps } from './team/space-switcher';
export { TeamPageView, type OpenTeamProps, type TeamPageViewProps } from './team/team-page-view';
export { InvitePageView, type InvitePageViewProps, type InviteStateLabel } from './team/invite-page-view';
export { MoveToTeamDialog, type MoveToTeamDialogProps } from './team/move-to-team-dialog';
export type { TeamAction, TeamInviteRow, TeamMemberRow, TeamRoleLabel } from './team/team-types';
export type { InviteChoice } from './team/invite-link-form';
export * from './conversation';
export { AdminPageView, type AdminPageViewProps } from './admin/admin-page-view';
export { TranscriptionSection, type TranscriptionSectionProps } from './admin/transcription-section';
export { ScimSection, type ScimSectionProps } from './admin/scim-section';
export type { AdminAuditRow, AdminPersonRow, SignUpModeLabel } from './admin/admin-types';
export { StorageSection, type StorageSectionProps } from './settings/storage-section';
export {
  ApiKeysSection,
  type ApiKeyRow,
  type ApiKeyScopeChoice,
  type ApiKeysSectionProps,
} from './settings/api-keys-section';
export type { BrandingValues } from './admin/branding-form';
export { SettingsPageView, type SettingsPageViewProps } from './settings/settings-page-view';
export { SETTINGS_SECTIONS } from './settings/settings-types';
