import { createFirebaseAuthClient, createSession, firebaseSettingsFromEnv } from '@stream/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './router';
import './styles.css';

const session = createSession(createFirebaseAuthClient(firebaseSettingsFromEnv(import.meta.env)));
const queryClient = new QueryClient();
const router = createAppRouter({ queryClient, session });
// Sign-in, sign-out and a lost session re-run the guards of the routes on screen.
session.subscribe(() => void router.invalidate());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
