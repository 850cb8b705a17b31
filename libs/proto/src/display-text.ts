import { Code, ConnectError } from '@connectrpc/connect';

// One rule for every line of text a person types for others to read as a name or a title (display
// names, video titles, team and link names): the server and every fake of it call it, so a name
// refused in one place is refused in all.

/**
 * Control characters: C0 (tab and line breaks included: a name or a title is one line, and a tab
 * renders differently in a list, a page's <title>, a mail's subject and a download's file name),
 * DEL and C1.
 */
const CONTROL = /\p{Cc}/u;
/**
 * Bidi embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder the text
 * that follows them, inside the name and, unclosed, after it ("‮gnp.exe" reads as "exe.png"), so a
 * name could pass for another's. Plain marks (LRM, RLM, ALM) stay allowed: they reorder nothing.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** What renders as nothing: white space and default-ignorable code points (zero-width spaces and joiners, BOM, soft hyphen, fillers, variation selectors, tags). */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Why `text` cannot be shown as a name or a title, as the end of a sentence starting with the
 * field's name ("must not contain control characters"), or undefined when it can. `text` is taken
 * as given: trim it first. Empty text is the caller's call (a title may be left blank); text that
 * is not empty must show at least one character.
 */
export function displayTextProblem(text: string): string | undefined {
  if (CONTROL.test(text)) return 'must not contain control characters (tabs, line breaks)';
  if (DIRECTION_CONTROL.test(text))
    return 'must not contain text-direction overrides or isolates (U+202A–U+202E, U+2066–U+2069)';
  if (text !== '' && text.replace(INVISIBLE, '') === '')
    return 'must contain a visible character, not only invisible ones (zero-width spaces, joiners)';
  return undefined;
}

/**
 * `value` trimmed, as a one-line name or title for `field`: at most `maxLength` characters (code
 * points), required unless `optional`; otherwise InvalidArgument with the reason.
 */
export function validDisplayText(
  field: string,
  value: string,
  options: { maxLength: number; optional?: boolean },
): string {
  const text = value.trim();
  if (!text && !options.optional) throw new ConnectError(`${field} is required`, Code.InvalidArgument);
  const problem = displayTextProblem(text);
  if (problem) throw new ConnectError(`${field} ${problem}`, Code.InvalidArgument);
  if ([...text].length > options.maxLength)
    throw new ConnectError(`${field} must be at most ${options.maxLength} characters`, Code.InvalidArgument);
  return text;
}

/**
 * The same rule as a cleaning, for text nobody typed into a form of ours (an upload's title in
 * its metadata, from any client): control characters and direction overrides removed, trimmed,
 * and '' when nothing visible is left (the caller then names it as it would a blank one).
 */
export function cleanDisplayText(value: string): string {
  const text = value
    .replace(new RegExp(CONTROL.source, 'gu'), '')
    .replace(new RegExp(DIRECTION_CONTROL.source, 'gu'), '')
    .trim();
  return text.replace(INVISIBLE, '') === '' ? '' : text;
}
