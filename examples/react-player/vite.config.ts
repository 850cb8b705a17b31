import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A Stream server's video URLs are paths on its origin; the server here forwards them to it
// (STREAM_SERVER). A page on the Stream server's own origin needs no proxy.
const stream = process.env.STREAM_SERVER ?? 'http://127.0.0.1:8080';
const proxy = { '/api': stream };

export default defineConfig({ plugins: [react()], server: { proxy }, preview: { proxy } });
