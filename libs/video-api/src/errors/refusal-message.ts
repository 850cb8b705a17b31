import { Code, ConnectError } from '@connectrpc/connect';
import { describeVideoError } from './describe-video-error';

/**
 * A refused call in words: for the codes in `serverSays`, the server's own sentence (it names the
 * rule that refused), capitalised and ended; `byCode`'s sentence for the codes it names; else the
 * usual sentence of the code (describeVideoError).
 */
export function refusalMessage(
  error: unknown,
  { serverSays, byCode }: { serverSays: readonly Code[]; byCode: Partial<Record<Code, string>> },
): string {
  const { code, rawMessage } = ConnectError.from(error);
  if (serverSays.includes(code) && rawMessage) return sentence(rawMessage);
  return byCode[code] ?? describeVideoError(error).message;
}

const sentence = (text: string) => {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};
