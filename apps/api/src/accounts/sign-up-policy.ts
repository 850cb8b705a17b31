import type { Kysely } from 'kysely';
import { readSetting, writeSetting } from '../admin';
import type { Database } from '../platform/db/schema';
import type { SignUpPolicy } from '../access';

const SETTING = 'sign_up_policy';

/** The sign-up policy as the admin last set it; open when never set. */
export async function readSignUpPolicy(db: Kysely<Database>): Promise<SignUpPolicy> {
  const value = (await readSetting(db, SETTING)) as SignUpPolicy | undefined;
  if (value?.mode === 'invite-only') return { mode: 'invite-only' };
  if (value?.mode === 'domains' && Array.isArray(value.domains)) return { mode: 'domains', domains: value.domains };
  return { mode: 'open' };
}

export const writeSignUpPolicy = (db: Kysely<Database>, policy: SignUpPolicy) => writeSetting(db, SETTING, policy);
