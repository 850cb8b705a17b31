import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authErrorMessage, messages } from './messages';
import { toE164 } from './phone-number';
import { validateEmail, validateName, validateNewPassword, validatePassword, validatePhoneCode } from './rules';

describe('email', () => {
  it('is required', () => {
    expect(validateEmail('')).toBe('Enter your email address to continue');
    expect(validateEmail('   ')).toBe('Enter your email address to continue');
  });
  it.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    `ada@example.${'a'.repeat(64)}`,
    'a da@example.com',
    'ada@exa_mple.com',
  ])('refuses %s', (email) => expect(validateEmail(email)).toBe("That email address isn't correct"));
  it.each([
    'ada@example.com',
    'ada.lovelace+tag@mail.example.co.uk',
    `ada@example.${'a'.repeat(63)}`,
    'ada@example.io',
  ])('accepts %s', (email) => expect(validateEmail(email)).toBeNull());
  it('accepts any top-level part of 2 to 63 letters', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{2,63}$/), (tld) => validateEmail(`ada@example.${tld}`) === null));
  });
});

describe('password and name', () => {
  it('requires a password', () => {
    expect(validatePassword('')).toBe('Enter your password');
    expect(validatePassword('x')).toBeNull();
  });
  it('asks for a strong new password', () => {
    expect(validateNewPassword('')).toBe('Enter your password');
    expect(validateNewPassword('abc12')).toBe(
      'Strong passwords have at least 6 characters and a mix of letters and numbers',
    );
    expect(validateNewPassword('abc123')).toBeNull();
  });
  it('requires a non-blank name only when the form requires one', () => {
    expect(validateName('  ', true)).toBe('Enter your account name');
    expect(validateName('', false)).toBeNull();
    expect(validateName('Ada', true)).toBeNull();
  });
});

describe('phone', () => {
  it('wants exactly 6 digits of code', () => {
    for (const code of ['', '12345', '1234567', '12a456', '12 456'])
      expect(validatePhoneCode(code)).toBe('Wrong code. Try again.');
    expect(validatePhoneCode('123456')).toBeNull();
  });
  it('builds E.164 from the country and the national number', () => {
    expect(toE164('US', '(555) 555-0100')).toEqual({ ok: true, e164: '+15555550100' });
    expect(toE164('GB', '07700 900123')).toEqual({ ok: true, e164: '+447700900123' });
    expect(toE164('US', '+44 7700 900123')).toEqual({ ok: true, e164: '+447700900123' });
  });
  it('requires a valid number', () => {
    for (const typed of ['', 'abc', '12', '+1 555 0100 0000 0000 00', '1+2345678'])
      expect(toE164('US', typed)).toEqual({ ok: false, message: 'Enter a valid phone number' });
  });
  it('refuses an unsupported country code', () => {
    expect(toE164('US', '+999 1234567')).toEqual({ ok: false, message: 'The country code provided is not supported.' });
    expect(toE164('XX', '5555550100')).toEqual({ ok: false, message: 'The country code provided is not supported.' });
  });
});

describe('identity provider refusals', () => {
  it.each([
    ['auth/email-already-in-use', 'other', 'The email address is already used by another account'],
    [
      'auth/too-many-requests',
      'password',
      'You have entered an incorrect password too many times. Please try again in a few minutes.',
    ],
    ['auth/too-many-requests', 'phone', 'This phone number has been used too many times'],
    [
      'auth/too-many-requests',
      'sign-up',
      'Too many account requests are coming from your IP address. Try again in a few minutes.',
    ],
    ['auth/user-not-found', 'other', "That email address doesn't match an existing account"],
    ['auth/wrong-password', 'password', "The email and password you entered don't match"],
    ['auth/invalid-credential', 'password', "The email and password you entered don't match"],
    ['auth/network-request-failed', 'other', 'A network error has occurred'],
    ['auth/invalid-verification-code', 'phone', 'Wrong code. Try again.'],
    ['auth/code-expired', 'phone', 'This code is no longer valid'],
    ['auth/invalid-action-code', 'other', messages.invalidActionCode],
    [
      'auth/web-storage-unsupported',
      'other',
      'The browser you are using does not support Web Storage. Please try again in a different browser.',
    ],
    ['stream/pending-credential-lost', 'other', 'Your sign-in session has expired. Please try again.'],
    ['auth/something-new', 'other', 'Something went wrong. Please try again.'],
  ] as const)('%s (%s) reads "%s"', (code, context, text) => expect(authErrorMessage(code, context)).toBe(text));

  it('says nothing when the person closed the popup', () => {
    expect(authErrorMessage('auth/popup-closed-by-user')).toBeNull();
  });
});
