import { AppError } from '../platform/app-error';
import type { CallToAction, CallToActionPlacement } from '../videos';

export const MAX_CTA_LABEL_LENGTH = 60;
export const MAX_CTA_URL_LENGTH = 2000;

const invalid = (message: string) => new AppError('invalid_argument', message);

/** A call to action's URL: absolute http or https (never javascript:, data: and the like). */
export function callToActionUrl(value: string): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('The button’s link must be a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid('The button’s link must be a full http:// or https:// address');
  if (text.length > MAX_CTA_URL_LENGTH)
    throw invalid(`The button’s link is longer than ${MAX_CTA_URL_LENGTH} characters`);
  return url.href;
}

/** The call to action as given, checked; undefined (or an empty label) is none. */
export function callToAction(input: CallToAction | undefined): CallToAction | undefined {
  const label = input?.label.trim() ?? '';
  if (!input || !label) return undefined;
  const cta = {
    label,
    url: callToActionUrl(input.url),
    placement: (input.placement === 'THROUGHOUT' ? 'THROUGHOUT' : 'END') as CallToActionPlacement,
  };
  if ([...label].length > MAX_CTA_LABEL_LENGTH)
    throw invalid(`The button’s label is at most ${MAX_CTA_LABEL_LENGTH} characters`);
  if (/\p{Cc}/u.test(label)) throw invalid('The button’s label cannot hold control characters');
  return cta;
}
