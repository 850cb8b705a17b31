import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { RateLimitCounter } from '../services/rate-limit-counter';
import { registerEmulatorGuard } from './emulator-guard';
import { registerRateLimits, type RateLimits } from './rate-limits';
import { registerSecurityHeaders } from './security-headers';
import { refuseNulInUrls } from './url-guard';

/**
 * What every request meets before its route (issues 11, 24): URL hygiene, security headers, no
 * unverified emulator tokens through a proxy, rate limits.
 */
export function registerSecurity(
  app: FastifyInstance,
  config: Config,
  rateLimits: RateLimitCounter,
  onLimited?: (limit: string) => void,
): RateLimits {
  refuseNulInUrls(app);
  registerSecurityHeaders(app, config);
  registerEmulatorGuard(app, config);
  return registerRateLimits(app, rateLimits, onLimited);
}
