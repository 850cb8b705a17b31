import { WIDGET_MODES, type WidgetMode } from './widget/widget-screen';

/** What /login reads from its address; anything else there is dropped. */
export interface LoginSearch {
  /** Where the person was headed when the guard sent them here. */
  redirect?: string;
  /** The widget action of an email link (SPEC §2), with its one-time code. */
  mode?: WidgetMode;
  oobCode?: string;
  /** Said on the page: the account was just deleted. */
  notice?: 'account-deleted';
}

/** /login's search params, as the route validates them: unknown keys and wrong types are left out. */
export const parseLoginSearch = (search: Record<string, unknown>): LoginSearch => ({
  ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  ...(WIDGET_MODES.includes(search.mode as WidgetMode) ? { mode: search.mode as WidgetMode } : {}),
  ...(typeof search.oobCode === 'string' ? { oobCode: search.oobCode } : {}),
  ...(search.notice === 'account-deleted' ? { notice: 'account-deleted' as const } : {}),
});

/** The sentence /login shows above the sign-in widget for a `notice`. */
export const loginNotice = (search: LoginSearch): string | undefined =>
  search.notice === 'account-deleted' ? 'Your account was deleted.' : undefined;

/** Where to go after sign-in: the remembered path when it is one of ours, else home. */
export function safeRedirect(redirect: string | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect === '/login' || redirect.startsWith('/login?') || redirect.startsWith('/login/')) return '/';
  return redirect;
}

/** The organisation's sign-in ("Continue with …", OpenID Connect or SAML): the provider, then back to where the person was going. */
export const oidcStartUrl = (redirect: string | undefined, protocol: 'oidc' | 'saml' = 'oidc'): string =>
  `/api/auth/${protocol}/start?next=${encodeURIComponent(safeRedirect(redirect))}`;
