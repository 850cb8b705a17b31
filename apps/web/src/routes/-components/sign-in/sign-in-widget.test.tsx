import { createSession, createSignInActions, type LoginResult } from '@stream/auth';
import { createFakeAuthClient, type FakeAuthClient } from '@stream/auth/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInWidget, type SignInWidgetProps } from './sign-in-widget';

let client: FakeAuthClient;
let onSignedIn: ReturnType<typeof vi.fn<(result: LoginResult) => void>>;
beforeEach(() => {
  localStorage.clear();
  client = createFakeAuthClient();
  client.addAccount({ email: 'ada@example.com', password: 'secret-1', displayName: 'Ada' });
  onSignedIn = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderWidget(props: Partial<SignInWidgetProps> = {}) {
  const session = createSession(client, localStorage);
  const actions = createSignInActions(client, session, localStorage);
  render(
    <SignInWidget
      actions={actions}
      currentUrl="http://app/login"
      continueUrl="http://app/login"
      onSignedIn={onSignedIn}
      {...props}
    />,
  );
  return { session };
}

describe('the sign-in widget', () => {
  it('signs a new email up through the email and create-account screens', async () => {
    const { session } = renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email' }));
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    await userEvent.type(screen.getByLabelText('First & last name'), 'Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Choose password'), 'cobol-59');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(onSignedIn.mock.calls[0]![0].user).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' });
    expect(session.isSignedIn()).toBe(true);
  });

  it('validates the email before asking the identity provider', async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert', {}, { timeout: 1000 })).textContent).toBe(
      'Enter your email address to continue',
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("That email address isn't correct")).toBeTruthy();
  });

  it('says when the password is wrong, and offers recovery', async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByText("The email and password you entered don't match")).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Trouble signing in?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Follow the instructions sent to ada@example.com to recover your password'),
    ).toBeTruthy();
  });

  it('shows the network message when the Google popup cannot reach the provider', async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('A network error has occurred')).toBeTruthy();
  });

  it('signs in by phone: 15 s before Resend, wrong code message, 1 s pause after success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWidget();
    await user.click(screen.getByRole('button', { name: 'Sign in with phone' }));
    await user.selectOptions(await screen.findByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('Phone number'), '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('+447700900123')).toBeTruthy();
    expect(screen.getByText(/Resend code in 0:1[45]/)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();

    await user.type(screen.getByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong code. Try again.')).toBeTruthy();

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), client.lastPhoneCode!);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Verified!')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(900));
    expect(onSignedIn).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(200));
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('resets a password from a resetPassword link', async () => {
    client.addActionCode('code-1', { operation: 'PASSWORD_RESET', email: 'ada@example.com', previousEmail: null });
    renderWidget({ mode: 'resetPassword', oobCode: 'code-1' });
    expect(await screen.findByText('for ada@example.com')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-2{Enter}');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
  });

  it('verifies an email from a verifyEmail link, and says so when the link is used up', async () => {
    client.addActionCode('v-1', { operation: 'VERIFY_EMAIL', email: 'ada@example.com', previousEmail: null });
    renderWidget({ mode: 'verifyEmail', oobCode: 'v-1' });
    expect(await screen.findByRole('heading', { name: 'Your email has been verified' })).toBeTruthy();
    cleanup();
    renderWidget({ mode: 'verifyEmail', oobCode: 'v-1' });
    expect(await screen.findByRole('heading', { name: 'Try verifying your email again' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link has expired or has already been used');
  });

  it('revokes an email change from a recoverEmail link', async () => {
    client.addActionCode('r-1', {
      operation: 'RECOVER_EMAIL',
      email: 'new@example.com',
      previousEmail: 'ada@example.com',
    });
    renderWidget({ mode: 'recoverEmail', oobCode: 'r-1' });
    expect(await screen.findByRole('heading', { name: 'Updated email address' })).toBeTruthy();
  });

  it('finishes an email-link sign-in with the remembered email, and asks for the email in another browser', async () => {
    const link = 'http://app/login?mode=signIn&oobCode=e-1';
    localStorage.setItem('emailForSignIn', 'ada@example.com');
    renderWidget({ mode: 'signIn', oobCode: 'e-1', currentUrl: link });
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(onSignedIn.mock.calls[0]![0].user.email).toBe('ada@example.com');
    cleanup();
    localStorage.clear();
    renderWidget({ mode: 'signIn', oobCode: 'e-1', currentUrl: link });
    expect(screen.getByRole('heading', { name: 'Confirm email' })).toBeTruthy();
  });

  it('says a link is used up when it is not a sign-in link or has no code', async () => {
    renderWidget({ mode: 'signIn', currentUrl: 'http://app/login?mode=signIn' });
    expect(screen.getByRole('alert').textContent).toBe('This link has expired or has already been used');
    cleanup();
    renderWidget({ mode: 'verifyEmail' });
    expect(screen.getByRole('heading', { name: 'Try verifying your email again' })).toBeTruthy();
  });

  it('shows the unauthorized page for a disabled account', async () => {
    client.failNext('signInWithPassword', 'auth/user-disabled');
    renderWidget({ initialScreen: { name: 'password', email: 'ada@example.com' } });
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Not Authorized' })).toBeTruthy();
    expect(screen.getByText('ada@example.com is not authorized to view the requested page.')).toBeTruthy();
  });
});
