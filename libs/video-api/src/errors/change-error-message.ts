import { Code, ConnectError } from '@connectrpc/connect';
import { describeVideoError } from './describe-video-error';

/**
 * A failed save or share in words: the server's own sentence for invalid input and for a rule of
 * the data (failed_precondition: "Video v1 is in no team, so it cannot be visible to a team: move
 * it into a team first"), since it names the rule; else the usual sentence of the code.
 */
export function changeErrorMessage(error: unknown): string {
  const connectError = ConnectError.from(error);
  const namesTheRule = connectError.code === Code.InvalidArgument || connectError.code === Code.FailedPrecondition;
  return namesTheRule && connectError.rawMessage ? connectError.rawMessage : describeVideoError(error).message;
}
