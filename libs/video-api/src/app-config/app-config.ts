import { queryOptions } from '@tanstack/react-query';

/** The server settings the web app follows (GET /api/config). */
export interface AppConfig {
  /** The longest recording /record makes, in seconds; null: no limit. */
  readonly maxRecordingSeconds: number | null;
}

export const noLimits: AppConfig = { maxRecordingSeconds: null };

/** The answer's body, checked: anything unexpected means no limit rather than a broken page. */
export function parseAppConfig(body: unknown): AppConfig {
  const value = (body as { maxRecordingSeconds?: unknown } | null)?.maxRecordingSeconds;
  return {
    maxRecordingSeconds: typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null,
  };
}

/** GET /api/config; a failure (offline, an older server) is no limit: recording must not depend on it. */
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
