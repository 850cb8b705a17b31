import { TransportProvider } from '@connectrpc/connect-query';
import { createFirebaseAuthClient, createSession, createSignInActions, firebaseSettingsFromEnv } from '@stream/auth';
import { createVideoTransport } from '@stream/video-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './router';
import './styles.css';

const authClient = createFirebaseAuthClient(firebaseSettingsFromEnv(import.meta.env));
const session = createSession(authClient);
const signIn = createSignInActions(authClient, session);
const queryClient = new QueryClient();
const transport = createVideoTransport({
  baseUrl: window.location.origin,
  getToken: async () => (await session.getToken()) ?? undefined,
});
const router = createAppRouter({ queryClient, session, signIn, transport });
// Sign-in, sign-out and a lost session re-run the guards of the routes on screen.
session.subscribe(() => void router.invalidate());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TransportProvider transport={transport}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TransportProvider>
  </StrictMode>,
);
