import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { registerEmulatorGuard } from './emulator-guard';
import { registerRateLimits, type RateLimits } from './rate-limits';
import { registerSecurityHeaders } from './security-headers';
import { refuseNulInUrls } from './url-guard';

/**
 * What every request meets before its route (issues 11, 24): URL hygiene, security headers, no
 * unverified emulator tokens through a proxy, rate limits.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<RateLimits> {
  refuseNulInUrls(app);
  registerSecurityHeaders(app, config);
  registerEmulatorGuard(app, config);
  return registerRateLimits(app);
}
