import { Code, ConnectError } from '@connectrpc/connect';
import { AccountRefusalReason, AccountRefusalSchema } from '@stream/proto';
import { describeVideoError } from '../errors/describe-video-error';

/** The sentence of each reason an account call is refused for (AccountRefusal in the error's details). */
const sentences: Record<AccountRefusalReason, (teams: string[]) => string> = {
  [AccountRefusalReason.UNSPECIFIED]: () => 'That did not work. Please try again.',
  [AccountRefusalReason.NAME_BLANK]: () => 'Enter a display name.',
  [AccountRefusalReason.NAME_TOO_LONG]: () => 'A display name can be at most 100 characters.',
  [AccountRefusalReason.VISIBILITY_NOT_ALLOWED]: () => 'New videos can start private, shared or public.',
  [AccountRefusalReason.EMAIL_MISMATCH]: () => 'Type your account’s email exactly to confirm.',
  [AccountRefusalReason.SOLE_OWNER_OF_TEAM]: (teams) =>
    `You are the only owner of ${teams.join(', ') || 'a team'}. Make another member an owner, or delete the team, first.`,
  [AccountRefusalReason.THEME_UNKNOWN]: () => 'Choose System, Light or Dark.',
  [AccountRefusalReason.RECORDING_DEFAULTS_INVALID]: () => 'A countdown is 0 to 10 seconds.',
  [AccountRefusalReason.PHOTO_NOT_IMAGE]: () => 'That file is not a picture: choose a PNG, JPEG, GIF or WebP image.',
  [AccountRefusalReason.PHOTO_TOO_LARGE]: () => 'A photo can be at most 5 MB.',
};

/** A refused account call in words: by its reason when the server gave one, else by its code. */
export function accountErrorMessage(error: unknown): string {
  const connectError = ConnectError.from(error);
  const [refusal] = connectError.findDetails(AccountRefusalSchema);
  if (refusal) return sentences[refusal.reason]?.(refusal.teamNames) ?? sentences[AccountRefusalReason.UNSPECIFIED]([]);
  if (connectError.code === Code.InvalidArgument && connectError.rawMessage) return connectError.rawMessage;
  return describeVideoError(error).message;
}

/** The sentence of a refusal reason given by its JSON name (`ACCOUNT_REFUSAL_REASON_PHOTO_TOO_LARGE`), as HTTP answers carry it. */
export function accountRefusalSentence(reasonName: unknown): string | undefined {
  if (typeof reasonName !== 'string') return undefined;
  const reason =
    AccountRefusalReason[reasonName.replace(/^ACCOUNT_REFUSAL_REASON_/, '') as keyof typeof AccountRefusalReason];
  return reason === undefined ? undefined : sentences[reason]([]);
}
