import type { QueryClient } from '@tanstack/react-query';
import { STREAM_BRAND, type AppShellView } from './app-shell-view';

/** GetAccount, GetAdminStatus and GetBranding as the Connect protocol's JSON answers them (enums by name). */
export interface AccountJson {
  photoUrl?: string;
  /** `THEME_LIGHT`, or 1 as a protobuf-es message in the query cache holds it. */
  theme?: string | number;
}
export interface AdminStatusJson {
  admin?: boolean;
}
export interface BrandingJson {
  productName?: string;
  logoUrl?: string;
  accentColor?: string;
}

const LIGHT = new Set<unknown>(['THEME_LIGHT', 1]);
const DARK = new Set<unknown>(['THEME_DARK', 2]);

/** The frame's view from the answers as they are (each may be missing: still loading or refused). */
export function appShellView(
  account: AccountJson | undefined,
  admin: AdminStatusJson | undefined,
  branding: BrandingJson | undefined,
): AppShellView {
  return {
    showAdmin: admin?.admin === true,
    ...(account?.photoUrl ? { userPhotoUrl: account.photoUrl } : {}),
    brand: branding
      ? {
          productName: branding.productName || STREAM_BRAND.productName,
          logoUrl: branding.logoUrl ?? '',
          accentColor: branding.accentColor ?? '',
        }
      : STREAM_BRAND,
    ...(LIGHT.has(account?.theme)
      ? { accountTheme: 'light' }
      : DARK.has(account?.theme)
        ? { accountTheme: 'dark' }
        : {}),
  };
}

type GetToken = () => Promise<string | null | undefined>;

/**
 * One unary call by the Connect protocol's JSON, with plain fetch: the frame loads no protobuf or
 * Connect runtime (the first page's budget, docs/product.md). Undefined when refused or offline.
 */
async function call<T>(
  getToken: GetToken,
  service: string,
  method: string,
  body: unknown = {},
): Promise<T | undefined> {
  try {
    const token = await getToken();
    const response = await fetch(`/videoservice.${service}/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'connect-protocol-version': '1',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a query of the cache is an AccountService call (the /settings page's GetAccount). */
const isAccountQuery = (key: readonly unknown[]) => JSON.stringify(key).includes('videoservice.AccountService');

/**
 * Asks for the account, admin status and branding and calls `onView` with the frame's view, then
 * again whenever /settings reads the account anew (a rename, a photo, a theme); answers the unsubscribe.
 */
export function watchAppShell(queryClient: QueryClient, getToken: GetToken, onView: (view: AppShellView) => void) {
  let account: AccountJson | undefined;
  let admin: AdminStatusJson | undefined;
  let branding: BrandingJson | undefined;
  const emit = () => onView(appShellView(account, admin, branding));
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const data = event.query.state.data as AccountJson | undefined;
    if (event.type === 'updated' && data && isAccountQuery(event.query.queryKey) && 'photoUrl' in data) {
      account = data;
      emit();
    }
  });
  void Promise.all([
    call<AccountJson>(getToken, 'AccountService', 'GetAccount'),
    call<AdminStatusJson>(getToken, 'AdminService', 'GetAdminStatus'),
    call<BrandingJson>(getToken, 'AdminService', 'GetBranding'),
  ]).then(([a, b, c]) => {
    account ??= a;
    admin = b;
    branding = c;
    emit();
  });
  return unsubscribe;
}

/** Saves the top bar's theme toggle to the account; /settings reads it anew. */
export async function saveAccountTheme(queryClient: QueryClient, getToken: GetToken, theme: 'light' | 'dark') {
  await call(getToken, 'AccountService', 'SetDefaults', { theme: theme === 'dark' ? 'THEME_DARK' : 'THEME_LIGHT' });
  await queryClient.invalidateQueries({ predicate: (query) => isAccountQuery(query.queryKey) });
}
