import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const api = process.env.STREAM_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: they pull in the video service's client (protobuf, Connect), which the first
      // page does not need. A loader's chunk is small and is fetched beside its components'.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  server: {
    port: 5173,
    // In development the API runs on its own port; the browser still talks to one origin.
    proxy: { '/api': api, '/videoservice.VideoService': api, '/videoservice.TeamService': api },
  },
  // Every browser the app supports has modulepreload; the polyfill was half a kB of the first page.
  // The side navigation's team list (team-spaces.ts) loads when its menu opens: no preload list of
  // its chunks in the signed-in layout's code, which every first page downloads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => (file.includes('team-spaces') ? [] : deps),
    },
  },
});
