import { displayTextProblem } from '@stream/proto';
import { AppError } from '../platform/app-error';

export const MAX_LINK_NAME_LENGTH = 100;
export const MAX_LINK_PASSWORD_LENGTH = 200;

const invalid = (message: string) => new AppError('invalid_argument', message);
// Control characters and anything HTML would read as markup: an address never has them.
const EMAIL = /^[^\s@<>()[\]\\,;:"'`&\p{Cc}]{1,64}@[^\s@<>()[\]\\,;:"'`&\p{Cc}_]+\.[A-Za-z]{2,63}$/u;

/** An email an email gate takes: trimmed, lowercased, at most 254 characters, shaped like an address. */
export function gateEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!email) throw invalid('This link asks for your email address');
  if (email.length > 254 || !EMAIL.test(email)) throw invalid('That email address isn’t correct');
  return email;
}

/** A named link's name (who it is for): trimmed, not empty, plain text. */
export function linkName(value: string): string {
  const name = value.trim();
  if (!name) throw invalid('A named link needs a name (who it is for)');
  if ([...name].length > MAX_LINK_NAME_LENGTH)
    throw invalid(`A link's name is at most ${MAX_LINK_NAME_LENGTH} characters`);
  const problem = displayTextProblem(name);
  if (problem) throw invalid(`A link’s name ${problem}`);
  return name;
}

/** A link's password as given ('' for none), bounded. */
export function linkPassword(value: string): string {
  if ([...value].length > MAX_LINK_PASSWORD_LENGTH)
    throw invalid(`A link's password is at most ${MAX_LINK_PASSWORD_LENGTH} characters`);
  return value;
}
