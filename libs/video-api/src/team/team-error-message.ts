import { Code, ConnectError } from '@connectrpc/connect';
import { describeVideoError } from '../errors/describe-video-error';

/**
 * A refused team call in words. Invalid input and the team's own rules (its last owner, a dead
 * invite) keep the server's sentence, which names the rule; the rest by code.
 */
export function teamErrorMessage(error: unknown): string {
  const e = ConnectError.from(error);
  switch (e.code) {
    case Code.InvalidArgument:
    case Code.FailedPrecondition:
      return e.rawMessage ? sentence(e.rawMessage) : describeVideoError(error).message;
    case Code.NotFound:
      return 'This team no longer exists, or you are no longer one of its members.';
    case Code.PermissionDenied:
      return 'Your role in this team does not allow that. Ask an owner or an admin.';
    default:
      return describeVideoError(error).message;
  }
}

const sentence = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};
