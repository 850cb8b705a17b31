import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitCounter, type RateLimitCounter } from './rate-limit-counter';
import { FAILED_AUTH_LIMIT, registerRateLimits } from './rate-limits';

const CLIENT = '203.0.113.9';

/** One API process: a route that answers 401 to a wrong token, its limits counted in `counter`. */
async function api(counter: RateLimitCounter): Promise<FastifyInstance> {
  const app = Fastify();
  registerRateLimits(app, counter);
  app.get('/thing', async (request, reply) =>
    request.headers.authorization === 'Bearer good' ? 'ok' : reply.code(401).send({ message: 'no' }),
  );
  await app.ready();
  return app;
}

const ask = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/thing', headers: { authorization: `Bearer ${token}` }, remoteAddress: CLIENT });

describe('the rate limits of several API processes', () => {
  it('refuse an address on every process once its failed sign-ins, counted on any, reach the limit', async () => {
    const counter = new MemoryRateLimitCounter(); // the database's part: one count for all
    const [a, b] = [await api(counter), await api(counter)];
    for (let i = 0; i < FAILED_AUTH_LIMIT.max; i++) expect((await ask(i % 2 ? a : b, 'bad')).statusCode).toBe(401);
    // b last read the count before the last failures (within a second): it is told again after that.
    await new Promise((done) => setTimeout(done, 1100));
    for (const app of [a, b]) {
      const refused = await ask(app, 'good');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('let requests through when the count cannot be read (the database away)', async () => {
    const away: RateLimitCounter = {
      hit: () => Promise.reject(new Error('connection refused')),
      peek: () => Promise.reject(new Error('connection refused')),
    };
    expect((await ask(await api(away), 'good')).statusCode).toBe(200);
  });
});
