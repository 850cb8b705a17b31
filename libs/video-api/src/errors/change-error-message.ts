import { Code, ConnectError } from '@connectrpc/connect';
import { describeVideoError } from './describe-video-error';

/** A failed save or share in words: the server's own message for invalid input (it names the rule), else the usual sentence. */
export function changeErrorMessage(error: unknown): string {
  const connectError = ConnectError.from(error);
  return connectError.code === Code.InvalidArgument && connectError.rawMessage
    ? connectError.rawMessage
    : describeVideoError(error).message;
}
