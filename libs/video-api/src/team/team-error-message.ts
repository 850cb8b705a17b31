import { Code } from '@connectrpc/connect';
import { refusalMessage } from '../errors/refusal-message';

/**
 * A refused team call in words. Invalid input and the team's own rules (its last owner, a dead
 * invite) keep the server's sentence, which names the rule; the rest by code.
 */
export function teamErrorMessage(error: unknown): string {
  return refusalMessage(error, {
    serverSays: [Code.InvalidArgument, Code.FailedPrecondition],
    byCode: {
      [Code.NotFound]: 'This team no longer exists, or you are no longer one of its members.',
      [Code.PermissionDenied]: 'Your role in this team does not allow that. Ask an owner or an admin.',
    },
  });
}
