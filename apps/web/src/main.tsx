import { createFirebaseAuthClient, firebaseSettingsFromEnv } from '@stream/auth';
import { fetchAppConfig } from '@stream/video-api';
import { createRoot } from 'react-dom/client';
import { App, createApp, rootOptions } from './app';
import './styles.css';

const firebase = firebaseSettingsFromEnv(import.meta.env, await fetchAppConfig());
const { router } = createApp({ authClient: createFirebaseAuthClient(firebase) });

createRoot(document.getElementById('root')!, rootOptions).render(<App router={router} />);
