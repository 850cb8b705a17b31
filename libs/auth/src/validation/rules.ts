// The sign-in widget's validation rules (docs/product.md, Validation). Each returns the message to show, or null.
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
