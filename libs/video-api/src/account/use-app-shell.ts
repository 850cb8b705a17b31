import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { AccountService, Theme, type Account, type AdminStatus, type Branding } from '@stream/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminStatusQuery, brandingQuery } from '../admin/admin-queries';
import { getAccountKey, getAccountQuery } from './account-queries';

/** What the signed-in pages' frame shows of the account and the instance, for `@stream/ui`'s AppLayout. */
export interface AppShellView {
  /** Admin in the navigation: only when the API says so. */
  showAdmin: boolean;
  /** The uploaded photo, or the sign-in provider's picture; undefined: the initial. */
  userPhotoUrl?: string;
  brand: { productName: string; logoUrl: string; accentColor: string };
  /** The account's theme; undefined while unknown or when it follows the system. */
  accountTheme?: 'light' | 'dark';
}

const STREAM = { productName: 'Stream', logoUrl: '', accentColor: '' };

/** The frame's view from the answers as they are (each may be missing: still loading or refused). */
export function appShellView(
  account: Account | undefined,
  admin: AdminStatus | undefined,
  branding: Branding | undefined,
): AppShellView {
  const theme = account?.theme;
  return {
    showAdmin: admin?.admin === true,
    ...(account?.photoUrl ? { userPhotoUrl: account.photoUrl } : {}),
    brand: branding
      ? {
          productName: branding.productName || STREAM.productName,
          logoUrl: branding.logoUrl,
          accentColor: branding.accentColor,
        }
      : STREAM,
    ...(theme === Theme.LIGHT ? { accountTheme: 'light' } : theme === Theme.DARK ? { accountTheme: 'dark' } : {}),
  };
}

/**
 * The account, admin status and branding the frame of every signed-in page shows (issue 32), and
 * `saveTheme` for the top bar's toggle: the choice is the account's, so every browser of the
 * person starts with it.
 */
export function useAppShell(transport: Transport): AppShellView & { saveTheme: (theme: 'light' | 'dark') => void } {
  const queryClient = useQueryClient();
  const account = useQuery(getAccountQuery(transport));
  const admin = useQuery({ ...adminStatusQuery(transport), staleTime: 5 * 60_000 });
  const branding = useQuery({ ...brandingQuery(transport), staleTime: 5 * 60_000 });
  const theme = useMutation({
    mutationFn: (choice: 'light' | 'dark') =>
      callUnaryMethod(transport, AccountService.method.setDefaults, {
        theme: choice === 'dark' ? Theme.DARK : Theme.LIGHT,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountKey(transport) }),
  });
  return {
    ...appShellView(account.data, admin.data, branding.data),
    saveTheme: (choice) => theme.mutate(choice),
  };
}
