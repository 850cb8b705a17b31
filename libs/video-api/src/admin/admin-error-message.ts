import { Code } from '@connectrpc/connect';
import { refusalMessage } from '../errors/refusal-message';

/**
 * A refused admin or API-key call in words. Invalid input and the rules the server
 * names (an admin disabling themselves) keep its sentence; the rest by code.
 */
export function adminErrorMessage(error: unknown): string {
  return refusalMessage(error, {
    serverSays: [Code.InvalidArgument, Code.FailedPrecondition, Code.ResourceExhausted],
    byCode: {
      [Code.PermissionDenied]: 'Only an admin of this Stream can do that.',
      [Code.NotFound]: 'That person or key is no longer here.',
    },
  });
}
