import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../primitives';
import { ProfileCard } from './profile-card';

afterEach(cleanup);

describe('the profile', () => {
  it('shows the name, email, verification and dates', () => {
    render(
      <ProfileCard
        name="Ada Lovelace"
        email="ada@example.com"
        emailVerified={false}
        creationTime="Sun, 22 Nov 2026 04:00:00 GMT"
        lastSignInTime="Sun, 22 Nov 2026 05:00:00 GMT"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Email verified:').parentElement?.textContent).toBe('Email verified: No');
    expect(screen.getByText('Account created:').parentElement?.textContent).toBe(
      `Account created: ${formatDateTime(new Date('Sun, 22 Nov 2026 04:00:00 GMT'))}`,
    );
    expect(screen.getByText('Last sign in:').parentElement?.textContent).toBe(
      `Last sign in: ${formatDateTime(new Date('Sun, 22 Nov 2026 05:00:00 GMT'))}`,
    );
    expect(screen.getByLabelText('Avatar').textContent).toBe('A');
  });

  it('falls back to "User" and "U" without a name, and shows a photo when there is one', () => {
    const { rerender } = render(<ProfileCard emailVerified />);
    expect(screen.getByRole('heading', { name: 'User' })).toBeTruthy();
    expect(screen.getByLabelText('Avatar').textContent).toBe('U');
    expect(screen.getByText('Email verified:').parentElement?.textContent).toBe('Email verified: Yes');
    rerender(<ProfileCard name="ada" photoURL="https://example.com/ada.png" emailVerified />);
    expect(screen.getByRole('img', { name: 'Profile photo' }).getAttribute('src')).toBe('https://example.com/ada.png');
    expect(screen.queryByLabelText('Avatar')).toBeNull();
  });

  it('offers to send a verification email while the email is unverified, and says when it was sent', () => {
    const onSendVerification = vi.fn();
    const { rerender } = render(
      <ProfileCard email="ada@example.com" emailVerified={false} onSendVerification={onSendVerification} />,
    );
    screen.getByRole('button', { name: 'Send verification email' }).click();
    expect(onSendVerification).toHaveBeenCalledOnce();
    rerender(
      <ProfileCard
        email="ada@example.com"
        emailVerified={false}
        onSendVerification={onSendVerification}
        verification={{ sent: true }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('A verification email was sent to ada@example.com.');
    rerender(<ProfileCard email="ada@example.com" emailVerified onSendVerification={onSendVerification} />);
    expect(screen.queryByRole('button', { name: 'Send verification email' })).toBeNull();
  });
});
