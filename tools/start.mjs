#!/usr/bin/env node
// `npm start`: the whole product on its embedded defaults, on http://localhost:8080.
// Installs dependencies if needed, builds the web app, then runs the API (which serves it).
import { ensureSystemPackages } from './src/system-packages.mjs';
import { bin, ensureDependencies, run } from './src/workspace.mjs';

ensureDependencies();
ensureSystemPackages(['ffmpeg']);

const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
const built = await run(bin('nx'), ['run', '@stream/web:build', '--outputStyle=stream'], { env });
if (built !== 0) process.exit(built);

const code = await run(bin('tsx'), ['apps/api/src/main.ts'], { env });
process.exit(code);
