import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeAuthClient } from '../testing/fake-auth-client';
import { createSession } from './session-store';
import { useAccountSecurity, WRONG_CURRENT_PASSWORD } from './use-account-security';
import { useSession } from './use-session';

function signedIn() {
  const client = createFakeAuthClient();
  client.addAccount({ email: 'ada@example.com', password: 'secret-1', displayName: 'Ada' });
  client.restore('ada@example.com');
  return { client, session: createSession(client, undefined) };
}

describe('useAccountSecurity', () => {
  it('refuses a wrong current password with a clear message and keeps the old one', async () => {
    const { client, session } = signedIn();
    const { result } = renderHook(() => useAccountSecurity(session));
    await act(() => result.current.onChangePassword('not-it', 'new-secret-2'));
    expect(result.current.password).toEqual({ ok: false, message: WRONG_CURRENT_PASSWORD });
    await expect(client.signInWithPassword('ada@example.com', 'secret-1')).resolves.toBeTruthy();
  });

  it('changes the password after signing in again with the current one', async () => {
    const { client, session } = signedIn();
    const { result } = renderHook(() => useAccountSecurity(session));
    await act(() => result.current.onChangePassword('secret-1', 'new-secret-2'));
    expect(result.current.password).toEqual({ ok: true });
    await expect(client.signInWithPassword('ada@example.com', 'new-secret-2')).resolves.toBeTruthy();
  });

  it('shows a new display name in the session at once', async () => {
    const { session } = signedIn();
    const { result } = renderHook(() => ({ security: useAccountSecurity(session), session: useSession(session) }));
    await waitFor(() => expect(result.current.session.user?.name).toBe('Ada'));
    await act(() => result.current.security.rename('Ada Lovelace'));
    await waitFor(() => expect(result.current.session.user?.name).toBe('Ada Lovelace'));
  });
});
