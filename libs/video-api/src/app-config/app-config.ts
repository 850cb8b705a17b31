import { queryOptions } from '@tanstack/react-query';
import { fetchAppConfig } from './fetch-app-config';

export { fetchAppConfig, noLimits, parseAppConfig, type AppConfig } from './fetch-app-config';

export const appConfigKey = ['app-config'] as const;

export const appConfigQuery = (fetcher?: typeof fetch) =>
  queryOptions({ queryKey: appConfigKey, queryFn: () => fetchAppConfig(fetcher), staleTime: 5 * 60_000 });
