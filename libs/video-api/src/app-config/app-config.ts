import { queryOptions } from '@tanstack/react-query';

/** The server settings the web app follows (GET /api/config). */
export interface AppConfig {
  /** The longest recording /record makes, in seconds; null: no limit. */
  readonly maxRecordingSeconds: number | null;
  /**
   * host:port of the Firebase Auth emulator the server trusts: sign in there, whatever address
   * the app was built with. Absent: the Firebase settings of the build.
   */
  readonly authEmulatorHost?: string;
}

export const noLimits: AppConfig = { maxRecordingSeconds: null };

/** A host name, IPv4 or [IPv6] address, and a port: what `connectAuthEmulator` can be given. */
const HOST_AND_PORT = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\]):\d{1,5}$/;

/** The answer's body, checked: anything unexpected means no limit (or no emulator) rather than a broken page. */
export function parseAppConfig(body: unknown): AppConfig {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const value = fields.maxRecordingSeconds;
  const host = fields.authEmulatorHost;
  return {
    maxRecordingSeconds: typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null,
    ...(typeof host === 'string' && HOST_AND_PORT.test(host) ? { authEmulatorHost: host } : {}),
  };
}

/**
 * GET /api/config; a failure (offline, an older server) is no limit and the build's Firebase
 * settings: neither recording nor sign-in must depend on it.
 */
export async function fetchAppConfig(fetcher: typeof fetch = globalThis.fetch, baseUrl = ''): Promise<AppConfig> {
  try {
    const response = await fetcher(`${baseUrl}/api/config`);
    return response.ok ? parseAppConfig(await response.json()) : noLimits;
  } catch {
    return noLimits;
  }
}

export const appConfigKey = ['app-config'] as const;

export const appConfigQuery = (fetcher?: typeof fetch) =>
  queryOptions({ queryKey: appConfigKey, queryFn: () => fetchAppConfig(fetcher), staleTime: 5 * 60_000 });
