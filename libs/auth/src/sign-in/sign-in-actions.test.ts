import { beforeEach, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../session/session-store';
import { createFakeAuthClient, type FakeAuthClient } from '../testing/fake-auth-client';
import { createSignInActions, type SignInActions } from './sign-in-actions';

let client: FakeAuthClient;
let session: Session;
let actions: SignInActions;
beforeEach(() => {
  localStorage.clear();
  client = createFakeAuthClient();
  client.addAccount({ email: 'ada@example.com', password: 'secret-1', displayName: 'Ada' });
  session = createSession(client, localStorage);
  actions = createSignInActions(client, session, localStorage);
});

describe('the email screen', () => {
  it('validates before asking anyone', async () => {
    expect(await actions.checkEmail('')).toEqual({ ok: false, message: 'Enter your email address to continue' });
    expect(await actions.checkEmail('ada@')).toEqual({ ok: false, message: "That email address isn't correct" });
  });
  it('leads a known email to the password screen and a new one to sign-up', async () => {
    expect(await actions.checkEmail('ada@example.com')).toEqual({ ok: true, value: { screen: 'password' } });
    expect(await actions.checkEmail('new@example.com')).toEqual({ ok: true, value: { screen: 'sign-up' } });
  });
  it('leads an email used with Google to that provider', async () => {
    client.addAccount({ email: 'g@example.com', methods: ['google.com'] });
    expect(await actions.checkEmail('g@example.com')).toEqual({
      ok: true,
      value: { screen: 'provider', providerId: 'google.com' },
    });
  });
});

describe('password sign-in and sign-up', () => {
  it('signs in and stores the session', async () => {
    const outcome = await actions.signInWithPassword('ada@example.com', 'secret-1');
    expect(outcome.ok && outcome.value.user.email).toBe('ada@example.com');
    expect(session.isSignedIn()).toBe(true);
    expect(localStorage.getItem('authToken')).toBe(outcome.ok ? outcome.value.token : 'x');
  });
  it('says the email and password do not match, and stays signed out', async () => {
    expect(await actions.signInWithPassword('ada@example.com', 'nope')).toEqual({
      ok: false,
      message: "The email and password you entered don't match",
      code: 'auth/wrong-password',
    });
    expect(session.isSignedIn()).toBe(false);
  });
  it('requires a password', async () => {
    expect(await actions.signInWithPassword('ada@example.com', '')).toEqual({
      ok: false,
      message: 'Enter your password',
    });
  });
  it('signs up with an optional name', async () => {
    const outcome = await actions.signUp({ email: 'grace@example.com', password: 'cobol-59', name: '' });
    expect(outcome.ok && outcome.value.user).toMatchObject({ email: 'grace@example.com', name: null });
  });
  it('refuses a blank name when required, a weak password, and a used email', async () => {
    expect(
      await actions.signUp({ email: 'g@example.com', password: 'cobol-59', name: ' ', requireName: true }),
    ).toEqual({
      ok: false,
      message: 'Enter your account name',
    });
    expect((await actions.signUp({ email: 'g@example.com', password: 'abc', name: '' })).ok).toBe(false);
    expect(await actions.signUp({ email: 'ada@example.com', password: 'cobol-59', name: '' })).toMatchObject({
      message: 'The email address is already used by another account',
    });
  });
  it('names too many account requests at sign-up', async () => {
    client.failNext('signUp', 'auth/too-many-requests');
    expect(await actions.signUp({ email: 'z@example.com', password: 'cobol-59', name: '' })).toMatchObject({
      message: 'Too many account requests are coming from your IP address. Try again in a few minutes.',
    });
  });
});

describe('popups', () => {
  it('shows the network message when the provider cannot be reached', async () => {
    expect(await actions.signInWithPopup('google')).toMatchObject({
      ok: false,
      message: 'A network error has occurred',
    });
  });
  it('shows nothing when the person closes the popup', async () => {
    client.failNext('signInWithPopup', 'auth/popup-closed-by-user');
    expect(await actions.signInWithPopup('facebook')).toMatchObject({ ok: false, message: null });
  });
  it('asks to sign in again when linking has no pending credential', async () => {
    expect(await actions.linkWithPassword('ada@example.com', 'secret-1')).toMatchObject({
      message: 'Your sign-in session has expired. Please try again.',
    });
  });
});

describe('recovery, action codes and email links', () => {
  it('sends a recovery email to a known address only', async () => {
    expect(await actions.sendPasswordRecovery('ada@example.com')).toEqual({ ok: true, value: undefined });
    expect(client.sentEmails).toEqual([{ kind: 'reset', email: 'ada@example.com' }]);
    expect(await actions.sendPasswordRecovery('who@example.com')).toMatchObject({
      message: "That email address doesn't match an existing account",
    });
  });
  it('resets a password with a valid code, once', async () => {
    client.addActionCode('reset-1', { operation: 'PASSWORD_RESET', email: 'ada@example.com', previousEmail: null });
    expect(await actions.checkPasswordResetCode('reset-1')).toEqual({ ok: true, value: 'ada@example.com' });
    expect(await actions.resetPassword('reset-1', 'new-secret-2')).toEqual({ ok: true, value: undefined });
    expect((await actions.signInWithPassword('ada@example.com', 'new-secret-2')).ok).toBe(true);
    expect(await actions.resetPassword('reset-1', 'new-secret-3')).toMatchObject({ code: 'auth/invalid-action-code' });
  });
  it('applies a verify-email code and refuses a used one', async () => {
    client.addActionCode('verify-1', { operation: 'VERIFY_EMAIL', email: 'ada@example.com', previousEmail: null });
    expect(await actions.applyActionCode('verify-1')).toMatchObject({ ok: true, value: { operation: 'VERIFY_EMAIL' } });
    expect(await actions.applyActionCode('verify-1')).toMatchObject({ ok: false, code: 'auth/invalid-action-code' });
  });
  it('remembers the email that asked for a link and signs in with it', async () => {
    expect((await actions.sendEmailLink('link@example.com', 'http://app/login')).ok).toBe(true);
    expect(actions.rememberedEmailForLink()).toBe('link@example.com');
    const url = 'http://app/login?mode=signIn&oobCode=abc';
    expect(actions.isEmailLink(url)).toBe(true);
    const outcome = await actions.completeEmailLink('link@example.com', url);
    expect(outcome.ok && outcome.value.user.email).toBe('link@example.com');
    expect(actions.rememberedEmailForLink()).toBeNull();
  });
});

describe('phone', () => {
  it('sends a code to the E.164 number and signs in with it', async () => {
    expect(await actions.sendPhoneCode('US', '555 555 0100', 'recaptcha')).toEqual({ ok: true, value: '+15555550100' });
    expect(await actions.confirmPhoneCode('12345')).toEqual({ ok: false, message: 'Wrong code. Try again.' });
    expect(await actions.confirmPhoneCode('000000')).toMatchObject({
      message: 'Wrong code. Try again.',
      code: 'auth/invalid-verification-code',
    });
    const outcome = await actions.confirmPhoneCode(client.lastPhoneCode!);
    expect(outcome.ok).toBe(true);
    expect(session.isSignedIn()).toBe(true);
  });
  it('names a number used too many times', async () => {
    client.failNext('sendPhoneCode', 'auth/too-many-requests');
    expect(await actions.sendPhoneCode('US', '5555550100', 'r')).toMatchObject({
      message: 'This phone number has been used too many times',
    });
  });
  it('refuses an invalid number without calling out', async () => {
    expect(await actions.sendPhoneCode('US', 'call me', 'r')).toEqual({
      ok: false,
      message: 'Enter a valid phone number',
    });
  });
});
