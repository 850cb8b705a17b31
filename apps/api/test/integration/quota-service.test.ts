// QuotaService on both database engines: what a person stores (their videos' published assets)
// against their own quota or the instance's default, read in one statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setQuota } from '../../src/admin/admin.repository';
import { putAsset } from '../../src/videos/media-asset.repository';
import { upsertUser } from '../../src/accounts/user.repository';
import { insertVideo } from '../../src/videos/video.repository';
import { QuotaExceededError } from '../../src/videos/quota';
import { QuotaService } from '../../src/videos/quota.service';
import { uploadedVideoRow } from '../../src/videos/uploaded-video-row';
import { databaseKinds, openTestDatabase } from '../support/test-database';
import type { AppDatabase } from '../../src/platform/db/database';

describe.each(databaseKinds)('QuotaService on %s', (kind) => {
  let database: AppDatabase;
  /** Statements the database ran since `counted()`. */
  let statements = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    for (const uid of ['limited', 'free']) {
      await upsertUser(db, { uid, email: `${uid}@example.com`, displayName: uid, photoUrl: '' });
      await insertVideo(db, uploadedVideoRow(`v-${uid}`, { uid, emailVerified: true }));
      for (const [kind, size_bytes] of [
        ['original', 1000],
        ['thumbnail', 200],
      ] as const)
        await putAsset(db, {
          video_id: `v-${uid}`,
          kind,
          storage_key: `${uid}/${kind}`,
          size_bytes,
          content_type: 'video/webm',
        });
    }
    await setQuota(db, 'limited', 1500);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const counted = (defaultQuotaBytes?: number) => {
    const quota = new QuotaService({
      db: database.db.withPlugin({
        transformQuery: (args) => (statements++, args.node),
        transformResult: async (args) => args.result,
      }),
      defaultQuotaBytes,
    });
    statements = 0;
    return quota;
  };

  it('counts every published asset of the person and their own quota', async () => {
    expect(await counted().use('limited')).toEqual({ usedBytes: 1200, quotaBytes: 1500 });
    expect(await counted().use('free')).toEqual({ usedBytes: 1200 });
    expect(await counted(5000).use('free')).toEqual({ usedBytes: 1200, quotaBytes: 5000 });
    expect(await counted().use('nobody')).toEqual({ usedBytes: 0 });
  });

  it('answers the room left, and refuses bytes past it with what is left', async () => {
    const quota = counted();
    expect(await quota.check('limited', 300)).toBe(300);
    expect(await quota.room('limited')).toBe(300);
    const refused = await quota.check('limited', 301).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QuotaExceededError);
    expect(refused).toMatchObject({ neededBytes: 301, roomBytes: 300, quotaBytes: 1500 });
    expect(
      await counted(1000)
        .check('free', 0)
        .catch((error: unknown) => error),
    ).toBeInstanceOf(QuotaExceededError);
  });

  it('reads a quota and what is stored in one statement (a resumable upload checks on every PATCH)', async () => {
    expect(await counted(5000).check('free', 10)).toBe(3800);
    expect(statements).toBe(1);
    expect(await counted().check('limited', 10)).toBe(300);
    expect(statements).toBe(1);
  });
});
