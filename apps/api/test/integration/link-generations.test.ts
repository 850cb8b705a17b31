// How soon a revocation of a video's signed URLs is seen, on a real database: at
// once in the process that revoked (forget), within maxAgeMs in any other (a cluster).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../../src/videos/video.repository';
import { LinkGenerations } from '../../src/sharing/link-generations';
import { openTestDatabase } from '../support/test-database';

describe('LinkGenerations', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await insertVideo(database.db, {
      id: 'v1',
      user_id: 'u',
      title: 't',
      description: '',
      status: 'READY',
      visibility: 'SHARED',
    });
  }, 60_000);
  afterAll(() => database?.close());

  const revoke = () =>
    sql`update videos set link_generation = link_generation + 1 where id = 'v1'`.execute(database.db);

  it('reads the generation once per maxAgeMs; a revocation elsewhere shows once that has passed', async () => {
    let now = 1_000_000;
    const generations = new LinkGenerations(database.db, 1000, () => now);
    const start = (await generations.current('v1'))!;
    await revoke(); // another API process revokes
    now += 999;
    expect(await generations.current('v1')).toBe(start);
    now += 2;
    expect(await generations.current('v1')).toBe(start + 1);
    expect(await generations.current('no-such-video')).toBeUndefined();
  });

  it('sees a revocation of this process at once (forget)', async () => {
    const generations = new LinkGenerations(database.db, 60_000);
    const start = (await generations.current('v1'))!;
    await revoke();
    generations.forget('v1');
    expect(await generations.current('v1')).toBe(start + 1);
  });
});
