// A stream that sends as it works (FindSensitiveText's progress) through StreamCallers.guard, on
// a real PGlite database with the real account gate: it goes on while nothing concerns its
// caller, and its next item is refused once a revocation names them (disabled: permission_denied;
// their API key revoked: unauthenticated) or their ID token expired; the work behind it is ended.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/platform/auth/user';
import type { AppDatabase } from '../../src/platform/db/database';
import type { Database } from '../../src/platform/db/schema';
import { AccountGate } from '../../src/access/account-gate';
import { StreamCallers } from '../../src/access/stream-reauthorisation';
import { publishRevocation } from '../../src/access/stream-revocations';
import { openTestDatabase } from '../support/test-database';

let database: AppDatabase;
let db: Kysely<Database>;
let callers: StreamCallers;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  db = database.db;
  callers = new StreamCallers({ db, gate: new AccountGate({ db, firstSignInAdmin: false }) });
});
afterAll(() => database?.close());

/** A source whose items the test releases one at a time; `ended` once the guard let go of it. */
function work() {
  const released: (() => void)[] = [];
  const state = { ended: false };
  async function* steps() {
    try {
      for (let step = 1; ; step++) {
        await new Promise<void>((resolve) => released.push(resolve));
        yield step;
      }
    } finally {
      state.ended = true;
    }
  }
  const next = async (stream: AsyncGenerator<number>) => {
    const item = stream.next();
    while (released.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    released.shift()!();
    return item;
  };
  return { steps: steps(), next, state };
}

async function person(uid: string): Promise<User> {
  await db.insertInto('users').values({ uid }).execute();
  return { uid };
}

function guarded(caller: User, videoId = 'video-1') {
  const source = work();
  let looks = 0;
  const stream = callers.guard(
    caller,
    videoId,
    source.steps,
    async () => void (looks += 1),
    new AbortController().signal,
  );
  return { stream, next: () => source.next(stream), looks: () => looks, ended: () => source.state.ended };
}

describe('a guarded stream', () => {
  it('goes on, without looking again, while revocations name others', async () => {
    const caller = await person('stays');
    const { next, looks } = guarded(caller);
    expect(await next()).toEqual({ value: 1, done: false });
    await publishRevocation(db, { kind: 'person', uid: 'someone-else' }, { kind: 'video', id: 'video-2' });
    expect(await next()).toEqual({ value: 2, done: false });
    expect(looks()).toBe(0);
    await publishRevocation(db, { kind: 'video', id: 'video-1' });
    expect(await next()).toEqual({ value: 3, done: false });
    expect(looks()).toBe(1); // its video was named: looked at again, and still readable
  });

  it('refuses the next item (permission_denied) once its caller is disabled, and ends the work', async () => {
    const caller = await person('disabled');
    const { next, ended } = guarded(caller);
    expect(await next()).toEqual({ value: 1, done: false });
    await db.updateTable('users').set({ disabled: true }).where('uid', '=', caller.uid).execute();
    await publishRevocation(db, { kind: 'person', uid: caller.uid });
    await expect(next()).rejects.toMatchObject({ kind: 'permission_denied' });
    expect(ended()).toBe(true);
  });

  it('refuses the next item (unauthenticated) once its API key is revoked', async () => {
    const caller = { ...(await person('keyed')), apiKeyId: 'key-1' };
    await db
      .insertInto('api_keys')
      .values({ id: 'key-1', uid: caller.uid, name: 'ci', prefix: 'stk_abcdef', secret_hash: 'x' })
      .execute();
    const { next } = guarded(caller);
    expect(await next()).toEqual({ value: 1, done: false });
    await db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', 'key-1').execute();
    await publishRevocation(db, { kind: 'key', id: 'key-1' });
    await expect(next()).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('refuses the next item (unauthenticated) once its ID token expired', async () => {
    const caller = { ...(await person('expiring')), expiresAt: new Date(Date.now() + 300) };
    const { next } = guarded(caller);
    expect(await next()).toEqual({ value: 1, done: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(next()).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});
