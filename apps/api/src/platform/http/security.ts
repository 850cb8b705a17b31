import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RateLimitCounter } from '../rate-limits/rate-limit-counter';
import { registerEmulatorGuard } from './emulator-guard';
import { registerRateLimits, type RateLimits } from '../rate-limits/rate-limits';
import { registerSecurityHeaders, type LogoOrigin, type SetSecurityHeaders } from './security-headers';
import { refuseNulInUrls } from './url-guard';

/**
 * What every request meets before its route: URL hygiene, security headers, no
 * unverified emulator tokens through a proxy, rate limits. Returns the rate limits and the headers'
 * setter, for what answers outside the hooks (videos/signed-range-lane.ts).
 */
export function registerSecurity(
  app: FastifyInstance,
  config: Config,
  rateLimits: RateLimitCounter,
  onLimited?: (limit: string) => void,
  logo?: LogoOrigin,
): { limits: RateLimits; setSecurityHeaders: SetSecurityHeaders } {
  refuseNulInUrls(app);
  const setSecurityHeaders = registerSecurityHeaders(app, config, logo);
  registerEmulatorGuard(app, config);
  return { limits: registerRateLimits(app, rateLimits, onLimited), setSecurityHeaders };
}
