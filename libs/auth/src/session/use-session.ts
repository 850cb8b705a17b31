import { useSyncExternalStore } from 'react';
import type { Session, SessionState } from './session-store';

/** The session's state, re-rendering on sign-in, token refresh and sign-out. */
export function useSession(session: Session): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
