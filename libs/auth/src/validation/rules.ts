// The sign-in widget's validation rules (docs/product.md, Validation). Each returns the message to show, or null.
import { COUNTRIES } from './countries';
import { messages } from './messages';

export type Validation = string | null;

// Local part, a domain of dot-separated labels, and a top-level part of 2 to 63 characters.
const EMAIL = /^[^\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9-]{2,63}$/;

export function validateEmail(email: string): Validation {
  const value = email.trim();
  if (!value) return messages.missingEmail;
  return EMAIL.test(value) ? null : messages.invalidEmail;
}

export function validatePassword(password: string): Validation {
  return password ? null : messages.missingPassword;
}

/** A new password: required, then at least 6 characters (Firebase's own minimum). */
export function validateNewPassword(password: string): Validation {
  if (!password) return messages.missingPassword;
  return password.length >= 6 ? null : messages.weakPassword;
}

/** The name at sign-up is optional here; when a form requires it, it must not be blank. */
export function validateName(name: string, required: boolean): Validation {
  return required && !name.trim() ? messages.missingName : null;
}

export function validatePhoneCode(code: string): Validation {
  return /^\d{6}$/.test(code.trim()) ? null : messages.invalidCode;
}

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
