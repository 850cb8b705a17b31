import { createFirebaseAuthClient, firebaseSettingsFromEnv } from '@stream/auth';
import { createRoot } from 'react-dom/client';
import { App, createApp, rootOptions } from './app';
import './styles.css';

const { router } = createApp({ authClient: createFirebaseAuthClient(firebaseSettingsFromEnv(import.meta.env)) });

createRoot(document.getElementById('root')!, rootOptions).render(<App router={router} />);
