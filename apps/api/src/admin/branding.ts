/** The instance's branding: on watch pages, embeds and mails. */
export interface Branding {
  productName: string;
  /** An https URL, or '' for none. */
  logoUrl: string;
  /** `#rrggbb`, or '' for the theme's own. */
  accentColor: string;
}

export const DEFAULT_BRANDING: Branding = { productName: 'Stream', logoUrl: '', accentColor: '' };
export const MAX_PRODUCT_NAME_LENGTH = 40;
export const MAX_LOGO_URL_LENGTH = 2048;
export const ACCENT_COLOR = /^#[0-9a-fA-F]{6}$/;
