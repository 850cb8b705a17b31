// The users table from ID tokens: written when a person's claims change, not on every
// request; a failed write never fails the request that carried the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/platform/db/database';
import { UserDirectory } from '../../src/accounts/user-directory';
import { openTestDatabase } from '../support/test-database';

let database: AppDatabase;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(() => database?.close());

const row = (uid: string) =>
  database.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

describe('UserDirectory', () => {
  it('writes a person once while their claims stay the same, and again when they change', async () => {
    const directory = new UserDirectory({ db: database.db });
    await directory.saw({ uid: 'u1', email: 'a@example.com', name: 'Ann' });
    const first = await row('u1');
    expect(first).toMatchObject({ email: 'a@example.com', display_name: 'Ann', photo_url: '' });

    await database.db.deleteFrom('users').where('uid', '=', 'u1').execute();
    await directory.saw({ uid: 'u1', email: 'a@example.com', name: 'Ann' });
    // Same claims within the refresh period: no write (the row deleted above stays gone).
    expect(await database.db.selectFrom('users').select('uid').where('uid', '=', 'u1').execute()).toEqual([]);

    await directory.saw({ uid: 'u1', email: 'a@example.com', name: 'Ann B.', photoUrl: 'https://example.com/a.png' });
    expect(await row('u1')).toMatchObject({ display_name: 'Ann B.', photo_url: 'https://example.com/a.png' });
  });

  it('writes again once the refresh period has passed, moving last_seen_at', async () => {
    const directory = new UserDirectory({ db: database.db }, 0);
    await directory.saw({ uid: 'u2', email: 'b@example.com' });
    const before = await row('u2');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await directory.saw({ uid: 'u2', email: 'b@example.com' });
    const after = await row('u2');
    expect(after.last_seen_at.getTime()).toBeGreaterThan(before.last_seen_at.getTime());
    expect(after.updated_at).toEqual(before.updated_at); // the claims did not change
  });

  it('logs a failed write instead of failing the caller', async () => {
    const warnings: unknown[] = [];
    const closed = await openTestDatabase('pglite');
    await closed.close();
    const directory = new UserDirectory({ db: closed.db, log: { warn: (...args: unknown[]) => warnings.push(args) } });
    await expect(directory.saw({ uid: 'u3' })).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});
