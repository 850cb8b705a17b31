import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { AccountService } from '@stream/proto';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { accountErrorMessage } from './account-error-message';
import { useWebhooks } from '../webhooks/use-webhooks';
import { getAccountQuery } from './queries';
import { putProfilePhoto } from './put-profile-photo';
import {
  accountView,
  notificationMailLabel,
  notificationMailOfLabel,
  themeOfLabel,
  visibilityOfDefaultLabel,
  type DefaultVisibilityLabel,
  type NotificationMailLabel,
  type ThemeLabel,
} from './account-view';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any mutation: only its state is read
const state = (m: UseMutationResult<any, Error, any>) => ({
  busy: m.isPending,
  error: m.error ? accountErrorMessage(m.error) : undefined,
  done: m.isSuccess,
});

export interface SettingsPageOptions {
  /** The name was saved: the sign-in session follows (the top bar). */
  onRenamed?: (displayName: string) => Promise<void> | void;
  /** A theme was chosen and saved. */
  onTheme?: (theme: ThemeLabel) => void;
  /** The export's link, to download (a navigation: the browser saves the zip as it streams). */
  download: (url: string) => void;
  /** The account is gone: sign out. */
  onDeleted: () => Promise<void> | void;
  /** The session's ID token, for the photo upload (an HTTP PUT, not an RPC). */
  getToken?: () => Promise<string | null | undefined>;
}

export interface RecordingDefaultsValue {
  camera: boolean;
  microphone: boolean;
  countdownSeconds: number;
}

/** /settings as `@stream/ui`'s `SettingsPageView` props, save for the sign-in account's part. */
export function useSettingsPage(transport: Transport, options: SettingsPageOptions) {
  const queryClient = useQueryClient();
  const account = useQuery(getAccountQuery(transport));
  const refresh = () => queryClient.invalidateQueries({ queryKey: getAccountQuery(transport).queryKey });
  const rename = useMutation({
    mutationFn: (displayName: string) =>
      callUnaryMethod(transport, AccountService.method.updateProfile, { displayName }),
    onSuccess: async (saved) => {
      await options.onRenamed?.(saved.displayName);
      await refresh();
    },
  });
  const defaults = useMutation({
    mutationFn: (input: {
      defaultVisibility?: DefaultVisibilityLabel;
      theme?: ThemeLabel;
      recording?: RecordingDefaultsValue;
      spokenLanguage?: string;
    }) =>
      callUnaryMethod(transport, AccountService.method.setDefaults, {
        ...(input.defaultVisibility ? { defaultVisibility: visibilityOfDefaultLabel(input.defaultVisibility) } : {}),
        ...(input.theme ? { theme: themeOfLabel(input.theme) } : {}),
        ...(input.recording ? { recordingDefaults: input.recording } : {}),
        ...(input.spokenLanguage !== undefined ? { defaultSpokenLanguage: input.spokenLanguage } : {}),
      }),
    onSuccess: async (_saved, input) => {
      if (input.theme) options.onTheme?.(input.theme);
      await refresh();
    },
  });
  const mailChoice = useMutation({
    mutationFn: (label: NotificationMailLabel) =>
      callUnaryMethod(transport, AccountService.method.setDefaults, {
        notificationMail: notificationMailOfLabel(label),
      }),
    onSuccess: refresh,
  });
  const exporting = useMutation({
    mutationFn: () => callUnaryMethod(transport, AccountService.method.getExportLink, {}),
    onSuccess: (link) => options.download(link.url),
  });
  const deleting = useMutation({
    mutationFn: (confirmEmail: string) =>
      callUnaryMethod(transport, AccountService.method.deleteAccount, { confirmEmail }),
    onSuccess: () => options.onDeleted(),
  });
  const photo = useMutation({
    mutationFn: (file: Blob) => putProfilePhoto(file, options.getToken ?? (async () => undefined)),
    onSuccess: () => refresh(),
  });
  const view = account.data && accountView(account.data);
  const webhooks = useWebhooks(transport);

  return {
    loading: account.isPending,
    loadError: account.error ? accountErrorMessage(account.error) : undefined,
    account: view,
    rename: { ...state(rename), submit: (name: string) => rename.mutate(name) },
    photo: { ...state(photo), error: photo.error?.message, upload: (file: Blob) => photo.mutate(file) },
    defaults: {
      ...state(defaults),
      submit: (input: Parameters<typeof defaults.mutate>[0]) => defaults.mutate(input),
    },
    notifications: account.data && {
      mail: notificationMailLabel(account.data),
      mailAvailable: account.data.notificationMailAvailable,
      save: { ...state(mailChoice), submit: (label: NotificationMailLabel) => mailChoice.mutate(label) },
    },
    webhooks,
    exportData: { ...state(exporting), start: () => exporting.mutate() },
    deleteAccount: { ...state(deleting), submit: (confirmEmail: string) => deleting.mutate(confirmEmail) },
  };
}
