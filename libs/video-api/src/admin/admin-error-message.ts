import { Code, ConnectError } from '@connectrpc/connect';
import { describeVideoError } from '../errors/describe-video-error';

/**
 * A refused admin or API-key call in words (issue 32). Invalid input and the rules the server
 * names (an admin disabling themselves) keep its sentence; the rest by code.
 */
export function adminErrorMessage(error: unknown): string {
  const e = ConnectError.from(error);
  switch (e.code) {
    case Code.InvalidArgument:
    case Code.FailedPrecondition:
    case Code.ResourceExhausted:
      return e.rawMessage ? sentence(e.rawMessage) : describeVideoError(error).message;
    case Code.PermissionDenied:
      return 'Only an admin of this Stream can do that.';
    case Code.NotFound:
      return 'That person or key is no longer here.';
    default:
      return describeVideoError(error).message;
  }
}

const sentence = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};
