import { defineConfig } from 'vite';

// The page talks to its own origin; the server here forwards the video service's paths to the
// Stream server (STREAM_SERVER), as your app's server or reverse proxy would.
const stream = process.env.STREAM_SERVER ?? 'http://127.0.0.1:8080';
const proxy = { '/api': stream, '/videoservice.VideoService': stream };

export default defineConfig({ server: { proxy }, preview: { proxy } });
