import { authClientFor } from '@stream/auth';
import { fetchAppConfig } from '@stream/video-api/app-config';
import { createRoot } from 'react-dom/client';
import { App, createApp, rootOptions } from './app';
import './styles.css';

void fetchAppConfig().then(async (config) => {
  const { router } = createApp({ authClient: await authClientFor(config, import.meta.env), organisation: config });
  createRoot(document.getElementById('root')!, rootOptions).render(<App router={router} />);
});
