import { createFirebaseAuthClient, firebaseSettingsFromEnv } from '@stream/auth';
import { fetchAppConfig } from '@stream/video-api/app-config';
import { createRoot } from 'react-dom/client';
import { App, createApp, rootOptions } from './app';
import './styles.css';

void fetchAppConfig().then((config) => {
  const { router } = createApp({
    authClient: createFirebaseAuthClient(firebaseSettingsFromEnv(import.meta.env, config)),
  });
  createRoot(document.getElementById('root')!, rootOptions).render(<App router={router} />);
});
