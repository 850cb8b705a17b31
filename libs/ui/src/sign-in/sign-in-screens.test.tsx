import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedSpinner } from './delayed-spinner';
import { EmailScreen, SignUpScreen } from './email-screens';
import { PhoneCodeScreen } from './phone-screens';

afterEach(cleanup);

afterEach(() => vi.useRealTimers());

describe('the delayed spinner', () => {
  it('appears only after 500 ms of work', () => {
    vi.useFakeTimers();
    const { rerender } = render(<DelayedSpinner active />);
    act(() => void vi.advanceTimersByTime(499));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    rerender(<DelayedSpinner active={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('form screens', () => {
  it('reports the typed email and ties an error to its field, focused and announced', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<EmailScreen onSubmit={onSubmit} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('ada@example.com');
    rerender(<EmailScreen onSubmit={onSubmit} onCancel={() => {}} error="That email address isn't correct" />);
    const field = screen.getByLabelText('Email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      "That email address isn't correct",
    );
    expect(screen.getByRole('alert').textContent).toBe("That email address isn't correct");
    expect(document.activeElement).toBe(field);
  });

  it('signs up with an optional name and shows the error at the field it concerns', async () => {
    const onSubmit = vi.fn();
    render(
      <SignUpScreen
        email="ada@example.com"
        onSubmit={onSubmit}
        onCancel={() => {}}
        error="Enter your account name"
        errorField="name"
      />,
    );
    expect(screen.getByLabelText('First & last name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Choose password').getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(screen.getByLabelText('Choose password'), 'secret-1');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByText('No account uses ada@example.com yet. Choose a password to sign up.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', name: '', password: 'secret-1' });
  });

  it('shows the resend countdown, then the Resend link', async () => {
    const onResend = vi.fn();
    const props = { phoneNumber: '+15555550100', onSubmit: () => {}, onResend, onChangeNumber: () => {} };
    const { rerender } = render(<PhoneCodeScreen {...props} secondsLeft={15} countdownText="0:15" />);
    expect(screen.getByText('Resend code in 0:15')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    rerender(<PhoneCodeScreen {...props} secondsLeft={0} countdownText="0:00" />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(onResend).toHaveBeenCalledOnce();
    rerender(<PhoneCodeScreen {...props} secondsLeft={0} countdownText="0:00" verified />);
    expect(screen.getByText('Verified!')).toBeTruthy();
  });
});
