import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { changeErrorMessage } from './change-error-message';

describe('changeErrorMessage', () => {
  it("keeps the server's sentence for invalid input and a refused rule (TEAM for a video in no team), else the code's", () => {
    const teamless = 'Video v1 is in no team, so it cannot be visible to a team: move it into a team first';
    expect(changeErrorMessage(new ConnectError(teamless, Code.FailedPrecondition))).toBe(teamless);
    expect(changeErrorMessage(new ConnectError('name is required', Code.InvalidArgument))).toBe('name is required');
    expect(changeErrorMessage(new ConnectError('', Code.FailedPrecondition))).toBe(
      'The video is not ready for that yet. Try again when processing has finished.',
    );
    expect(changeErrorMessage(new ConnectError('Video v1 is a team mate’s', Code.PermissionDenied))).toBe(
      'You do not have access to this video.',
    );
  });
});
