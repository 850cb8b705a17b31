import type { Kysely } from 'kysely';
import { readSetting, writeSetting } from './admin.repository';
import type { Database } from '../platform/db/schema';
import {
  ACCENT_COLOR,
  DEFAULT_BRANDING,
  MAX_LOGO_URL_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  type Branding,
} from './branding';
import { AppError } from '../platform/app-error';

const SETTING = 'branding';
/** Another API process sees a change within this long; this one at once. */
const CACHE_MS = 5_000;

/**
 * The instance's branding, read by every watch page and mail: kept a few seconds so a
 * page costs no query. Setting it is the admin's (AdminService checks and audits).
 */
export class BrandingService {
  private cached?: { branding: Branding; at: number };
  private reading?: Promise<unknown>;

  constructor(private readonly deps: { db: Kysely<Database> }) {}

  /**
   * The logo's origin (`https://host[:port]`), for the pages' img-src, from the branding this
   * process last read; never waits. When that read is older than CACHE_MS one read starts, so
   * another process's change reaches this one's headers within seconds, as its pages.
   */
  logoOrigin(): string | undefined {
    if (!this.reading && (!this.cached || Date.now() - this.cached.at >= CACHE_MS))
      this.reading = this.current()
        .catch(() => undefined)
        .finally(() => (this.reading = undefined));
    return this.cached && logoOriginOf(this.cached.branding.logoUrl);
  }

  async current(): Promise<Branding> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.branding;
    const saved = (await readSetting(this.deps.db, SETTING)) as Partial<Branding> | undefined;
    const branding = { ...DEFAULT_BRANDING, ...saved };
    this.cached = { branding, at: Date.now() };
    return branding;
  }

  /** Checks `branding` and saves it in `db` (the admin's transaction). */
  async save(db: Kysely<Database>, branding: Branding): Promise<Branding> {
    const checked = checkBranding(branding);
    await writeSetting(db, SETTING, checked);
    this.cached = { branding: checked, at: Date.now() };
    return checked;
  }
}

/** The branding trimmed and checked; invalid_argument naming what is wrong. */
export function checkBranding(branding: Branding): Branding {
  const productName = branding.productName.trim();
  if (!productName || productName.length > MAX_PRODUCT_NAME_LENGTH)
    throw new AppError('invalid_argument', `The product name is 1 to ${MAX_PRODUCT_NAME_LENGTH} characters`);
  const logoUrl = branding.logoUrl.trim();
  if (logoUrl && (logoUrl.length > MAX_LOGO_URL_LENGTH || !logoOriginOf(logoUrl)))
    throw new AppError('invalid_argument', 'The logo is an https:// address of an image, or nothing');
  const accentColor = branding.accentColor.trim().toLowerCase();
  if (accentColor && !ACCENT_COLOR.test(accentColor))
    throw new AppError('invalid_argument', 'The accent colour is #rrggbb, e.g. #0b7285, or nothing');
  return { productName, logoUrl, accentColor };
}

/**
 * The origin of a saved logo URL, only when it is plainly a host and port: it goes into a header,
 * where a `;` or `,` the URL parser lets through in a host name would start another directive.
 */
export function logoOriginOf(logoUrl: string): string | undefined {
  if (!logoUrl || !isHttpsUrl(logoUrl)) return undefined;
  const { origin } = new URL(logoUrl);
  return /^https:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(origin) ? origin : undefined;
}

function isHttpsUrl(text: string): boolean {
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}
