import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { describeVideoError, isVideoNotFound } from './describe-video-error';

describe('describeVideoError', () => {
  it.each([
    [Code.InvalidArgument, 400],
    [Code.Unauthenticated, 401],
    [Code.PermissionDenied, 403],
    [Code.NotFound, 404],
    [Code.Aborted, 409],
    [Code.FailedPrecondition, 412],
    [Code.ResourceExhausted, 429],
    [Code.Canceled, 499],
    [Code.Unknown, 500],
    [Code.Unimplemented, 501],
    [Code.Unavailable, 503],
    [Code.DeadlineExceeded, 504],
  ])('pairs code %s with HTTP %s as docs/product.md (Messages) lists', (code, httpStatus) => {
    const described = describeVideoError(new ConnectError('x', code));
    expect(described.code).toBe(code);
    expect(described.httpStatus).toBe(httpStatus);
    expect(described.message.length).toBeGreaterThan(5);
  });

  it('gives distinct, actionable messages for the codes a person meets most', () => {
    expect(describeVideoError(new ConnectError('', Code.Unauthenticated)).message).toBe(
      'Session expired. Please login again.',
    );
    expect(describeVideoError(new ConnectError('', Code.NotFound)).message).toBe('Video not found');
    expect(describeVideoError(new ConnectError('', Code.Unavailable)).message).toMatch(/connection/);
    expect(describeVideoError(new ConnectError('', Code.DeadlineExceeded)).message).toMatch(/too long/);
  });

  it('never shows the server-side message text itself', () => {
    const described = describeVideoError(new ConnectError('pg: relation videos does not exist', Code.Internal));
    expect(described.message).not.toMatch(/pg:/);
    expect(described.httpStatus).toBe(500);
  });

  it('names the three grpc-web protocol failures of the spec', () => {
    expect(
      describeVideoError(new ConnectError('Unknown Content-type received: text/html', Code.Unknown)).message,
    ).toMatch(/^Unknown Content-type received\. .*API address/);
    expect(describeVideoError(new ConnectError('parse binary: premature EOF', Code.Internal)).message).toMatch(
      /^Error in parsing response body\./,
    );
    expect(describeVideoError(new ConnectError('protocol error: missing trailer', Code.Internal)).message).toMatch(
      /^Incomplete response\./,
    );
    expect(
      describeVideoError(new ConnectError('protocol error: promised 10 bytes, received 3', Code.InvalidArgument))
        .message,
    ).toMatch(/^Incomplete response\./);
  });

  it('describes a thrown non-ConnectError as unknown', () => {
    const described = describeVideoError(new Error('boom'));
    expect(described.code).toBe(Code.Unknown);
    expect(described.httpStatus).toBe(500);
    expect(describeVideoError('string thrown').code).toBe(Code.Unknown);
  });
});

describe('isVideoNotFound', () => {
  it('is true for not_found and permission_denied only', () => {
    expect(isVideoNotFound(new ConnectError('', Code.NotFound))).toBe(true);
    expect(isVideoNotFound(new ConnectError('', Code.PermissionDenied))).toBe(true);
    expect(isVideoNotFound(new ConnectError('', Code.Unavailable))).toBe(false);
    expect(isVideoNotFound(new Error('x'))).toBe(false);
  });
});
