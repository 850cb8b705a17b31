export {};
export { VideoCard, type VideoCardProps } from './video/video-card';
export { VideoGrid, type VideoGridProps } from './video/video-grid';
export { StatusBadge, type StatusBadgeProps } from './video/status-badge';
export { VisibilityBadge, type VisibilityBadgeProps } from './video/visibility-badge';
export { EmptyVideos, LoadError, LoadMore, VideoGridSkeleton, type EmptyVideosProps, type LoadErrorProps, type LoadMoreProps } from './video/video-list-states';
export { VideoPlaceholderIcon } from './video/video-placeholder-icon';
export { formatVideoDate } from './video/format-video-date';
export type { VideoStatusLabel, VideoVisibilityLabel } from './video/video-status';
export { VideoPlayer, type VideoPlayerProps } from './player/video-player';
export { formatTime } from './player/format-time';
export { VOLUME_MAX, VOLUME_MIN, VOLUME_START, VOLUME_STEP, clampVolume, stepVolume } from './player/volume';
export { PLAYBACK_RATES } from './player/playback-rate';
export { resolveDuration } from './player/resolve-duration';
export { SEEK_STEP_SECONDS, playerActionForKey, type PlayerAction } from './player/player-keys';
export { AlertArea, type AlertAreaProps, type AlertMessage } from './alert/alert-area';
export { RecorderControls, type RecorderControlsProps } from './recorder/recorder-controls';
export { ElapsedTime, type ElapsedTimeProps } from './recorder/elapsed-time';
export { RecordingPreview, type RecordingPreviewProps } from './recorder/recording-preview';
export { UploadStatus, type UploadStatusProps } from './recorder/upload-status';
export { RecorderNotice, type RecorderNoticeProps } from './recorder/recorder-notice';
export { AppLayout, type AppLayoutProps } from './layout/app-layout';
export { PlainLink, type LinkComponent } from './layout/link-component';
export { MAIN_ITEMS, TEAM_ITEM, activeNavPath, type NavItem } from './layout/nav-items';
export { UserMenu, type UserMenuProps } from './layout/user-menu';
export { THEME_KEY, applyTheme, initialTheme, type Theme } from './theme/theme';
export { ThemeToggle, type ThemeToggleProps } from './theme/theme-toggle';
export { useTheme } from './theme/use-theme';
export { HomePage, type HomePageProps } from './home/home-page';
export { FEATURES } from './home/feature-cards';
export { ProfileCard, type ProfileCardProps } from './profile/profile-card';
export { avatarLetter } from './profile/avatar-letter';
export { DelayedSpinner } from './sign-in/delayed-spinner';
export { SignInCard, type SignInCardProps } from './sign-in/sign-in-card';
export { TextField, type TextFieldProps } from './sign-in/text-field';
export { FormError } from './sign-in/form-error';
export { ProviderChoiceScreen, type ProviderChoice, type ProviderChoiceScreenProps } from './sign-in/provider-choice';
export {
  AccountLinkingScreen,
  EmailLinkConfirmScreen,
  EmailScreen,
  PasswordScreen,
  RecoveryScreen,
  ResetPasswordScreen,
  SignUpScreen,
  type SignUpValues,
} from './sign-in/email-screens';
export { PhoneCodeScreen, PhoneNumberScreen, type CountryOption } from './sign-in/phone-screens';
export { NoticeScreen, type NoticeScreenProps } from './sign-in/notice-screen';
