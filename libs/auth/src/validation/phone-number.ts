// A typed phone number to E.164. Apart from the other rules, with the country table it needs, so
// the first page does not carry that table: the phone steps and sending a code load it.
import { COUNTRIES } from './countries';
import { messages } from './messages';

export type PhoneNumberResult = { ok: true; e164: string } | { ok: false; message: string };

/**
 * Combines the selected country and the typed number into E.164. A number typed with its own
 * `+` prefix must carry a supported country code.
 */
export function toE164(countryIso: string, typed: string): PhoneNumberResult {
  const value = typed.trim();
  if (!value || /[^\d\s()+.-]/.test(value) || value.lastIndexOf('+') > 0)
    return { ok: false, message: messages.invalidPhoneNumber };
  const digits = value.replace(/\D/g, '');
  let dialCode: string;
  let national: string;
  if (value.startsWith('+')) {
    const country = [...COUNTRIES]
      .sort((a, b) => b.dialCode.length - a.dialCode.length)
      .find((c) => digits.startsWith(c.dialCode));
    if (!country) return { ok: false, message: messages.unsupportedCountryCode };
    dialCode = country.dialCode;
    national = digits.slice(dialCode.length);
  } else {
    const country = COUNTRIES.find((c) => c.iso === countryIso);
    if (!country) return { ok: false, message: messages.unsupportedCountryCode };
    dialCode = country.dialCode;
    national = digits.replace(/^0+/, '');
  }
  if (national.length < 4 || dialCode.length + national.length > 15)
    return { ok: false, message: messages.invalidPhoneNumber };
  return { ok: true, e164: `+${dialCode}${national}` };
}
