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

export const STREAM_BRAND = { productName: 'Stream', logoUrl: '', accentColor: '' };
