import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/**
 * The Firebase accounts of `projectId` (the Auth emulator while FIREBASE_AUTH_EMULATOR_HOST is
 * set): what deleting a Stream account removes last.
 */
export function createSignInAccounts(projectId: string) {
  const app = initializeApp({ projectId }, `stream-accounts-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async delete(uid: string): Promise<void> {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
