import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { AccountRefusalReason, AccountRefusalSchema } from '@stream/proto';
import { describe, expect, it } from 'vitest';
import { accountErrorMessage } from './account-error-message';

const refused = (reason: AccountRefusalReason, code = Code.InvalidArgument, teamNames: string[] = []) =>
  new ConnectError('server words', code, undefined, [
    { desc: AccountRefusalSchema, value: create(AccountRefusalSchema, { reason, teamNames }) },
  ]);

describe('accountErrorMessage', () => {
  it('says each refusal by its reason, naming the teams to hand on', () => {
    expect(accountErrorMessage(refused(AccountRefusalReason.NAME_BLANK))).toBe('Enter a display name.');
    expect(accountErrorMessage(refused(AccountRefusalReason.NAME_TOO_LONG))).toMatch(/at most 100 characters/);
    expect(accountErrorMessage(refused(AccountRefusalReason.EMAIL_MISMATCH))).toMatch(/Type your account’s email/);
    expect(
      accountErrorMessage(refused(AccountRefusalReason.SOLE_OWNER_OF_TEAM, Code.FailedPrecondition, ['Crew', 'Ops'])),
    ).toBe('You are the only owner of Crew, Ops. Make another member an owner, or delete the team, first.');
  });

  it('falls back to the code without a reason', () => {
    expect(accountErrorMessage(new ConnectError('', Code.Unauthenticated))).toBe(
      'Session expired. Please login again.',
    );
  });
});
