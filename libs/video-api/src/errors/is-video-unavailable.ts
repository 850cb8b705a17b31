import { Code, ConnectError } from '@connectrpc/connect';

/** A link or video a viewer may not see: unknown, reset, expired, PRIVATE, deleted, or needing a sign-in. */
export function isVideoUnavailable(error: unknown): boolean {
  const { code } = ConnectError.from(error);
  return code === Code.NotFound || code === Code.PermissionDenied || code === Code.Unauthenticated;
}
