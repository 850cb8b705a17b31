// GET /api/config without TanStack Query: the `@stream/video-api/app-config` entry, which the web
// app's main.tsx reads before it creates anything, so its first chunk stays free of the rest of the lib.
/** The server settings the web app follows (GET /api/config). */
export interface AppConfig {
  /** The longest recording /record makes, in seconds; null: no limit. */
  readonly maxRecordingSeconds: number | null;
  /**
   * host:port of the Firebase Auth emulator the server trusts: sign in there, whatever address
   * the app was built with. Absent: the Firebase settings of the build.
   */
  readonly authEmulatorHost?: string;
  /** `off`: the server has no Firebase (FIREBASE_AUTH=off): the app never starts it; only the organisation signs people in. */
  readonly firebaseAuth?: 'off';
  /**
   * The organisation's sign-in (OpenID Connect) is on, under this name ("Continue with {name}");
   * `only`: with no Firebase, the sign-in page offers the organisation's buttons alone.
   */
  readonly oidc?: { readonly name: string; readonly only?: true };
  /** The organisation's sign-in by SAML 2.0 is on, under this name (a second button; `only` as for oidc). */
  readonly saml?: { readonly name: string; readonly only?: true };
}

export const noLimits: AppConfig = { maxRecordingSeconds: null };

/**
 * The answer's body, checked: anything unexpected means no limit (or no emulator) rather than a
 * broken page. The emulator's address is the server's own setting, taken as it is. (Every byte
 * here is in the first page's budget: main.tsx reads it before anything else.)
 */
export function parseAppConfig(body: unknown): AppConfig {
  const {
    maxRecordingSeconds: max,
    authEmulatorHost: host,
    firebaseAuth,
    oidc,
    saml,
  } = Object(body) as Record<string, unknown>;
  // Without Firebase the organisation's buttons are the only way in: the page offers them alone.
  const only = firebaseAuth === 'off' ? { only: true as const } : {};
  const named = (button: unknown) => {
    const name = Object(button).name as unknown;
    return typeof name === 'string' && name ? { name, ...only } : undefined;
  };
  const [byOidc, bySaml] = [named(oidc), named(saml)];
  return {
    maxRecordingSeconds: Number.isInteger(max) && (max as number) > 0 ? (max as number) : null,
    ...(typeof host === 'string' && host ? { authEmulatorHost: host } : {}),
    ...(firebaseAuth === 'off' ? { firebaseAuth } : {}),
    ...(byOidc ? { oidc: byOidc } : {}),
    ...(bySaml ? { saml: bySaml } : {}),
  };
}

/**
 * GET /api/config; a failure (offline, an older server) is no limit and the build's Firebase
 * settings: neither recording nor sign-in must depend on it.
 */
export async function fetchAppConfig(fetcher: typeof fetch = globalThis.fetch): Promise<AppConfig> {
  try {
    const response = await fetcher('/api/config');
    return response.ok ? parseAppConfig(await response.json()) : noLimits;
  } catch {
    return noLimits;
  }
}
