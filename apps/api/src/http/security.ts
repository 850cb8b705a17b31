import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { registerRateLimits, type RateLimits } from './rate-limits';
import { registerSecurityHeaders } from './security-headers';
import { refuseNulInUrls } from './url-guard';

/** What every request meets before its route (issue 11): URL hygiene, security headers, rate limits. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<RateLimits> {
  refuseNulInUrls(app);
  registerSecurityHeaders(app, config);
  return registerRateLimits(app);
}
