import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { adminErrorMessage } from '../admin/admin-error-message';
import { teamErrorMessage } from '../team/team-error-message';

describe('refused team and admin calls in words', () => {
  it("keeps the server's sentence for the codes that name a rule, as a sentence", () => {
    expect(teamErrorMessage(new ConnectError('the team needs another owner', Code.FailedPrecondition))).toBe(
      'The team needs another owner.',
    );
    expect(adminErrorMessage(new ConnectError('Too many keys!', Code.ResourceExhausted))).toBe('Too many keys!');
    // A team call's resource_exhausted is not one of its rules: the code's usual sentence.
    expect(teamErrorMessage(new ConnectError('too many teams', Code.ResourceExhausted))).toBe(
      'Too many requests. Wait a moment and try again.',
    );
  });

  it("says each caller's own sentence for its codes, and the usual one without a server sentence or else", () => {
    expect(adminErrorMessage(new ConnectError('no', Code.PermissionDenied))).toBe(
      'Only an admin of this Stream can do that.',
    );
    expect(teamErrorMessage(new ConnectError('gone', Code.NotFound))).toBe(
      'This team no longer exists, or you are no longer one of its members.',
    );
    expect(teamErrorMessage(new ConnectError('', Code.InvalidArgument))).toBe(
      'The request was not valid. Check what you entered and try again.',
    );
    expect(adminErrorMessage(new ConnectError('down', Code.Unavailable))).toBe(
      'Cannot reach the video service. Check your connection and try again.',
    );
  });
});
