#!/usr/bin/env node
// `npm test`: every check the project has, then one closing line `N passed, N failed`.
//   npm test                     formatting, lint, typecheck, codegen check and every project's tests
//   npm test -- --affected       only the projects a change touched (nx affected)
//   npm test -- --skip-nx-cache  ignore cached results (CI does this)
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemPackages } from './src/system-packages.mjs';
import { closingLine, summariseDirectory } from './src/test-summary.mjs';
import { bin, ensureDependencies, run, workspaceRoot } from './src/workspace.mjs';

const args = process.argv.slice(2);
const affected = args.includes('--affected');
const passThrough = args.filter((a) => a !== '--affected');
if (process.env.CI && !passThrough.includes('--skip-nx-cache')) passThrough.push('--skip-nx-cache');

ensureDependencies();
ensureSystemPackages(['chromium', 'ffmpeg', 'postgresql']);

const reports = join(workspaceRoot, 'test-results/vitest');
rmSync(reports, { recursive: true, force: true });

// Formatting first: it takes seconds, and `npm run format` fixes what it reports.
const formatCode = await run(bin('prettier'), ['--check', '--log-level', 'warn', '.']);
if (formatCode !== 0) console.error('Formatting: the files above differ from Prettier; run `npm run format`.');

const targets = ['lint', 'typecheck', 'test'];
const nxArgs = affected ? ['affected', '-t', ...targets] : ['run-many', '-t', ...targets];
const code = await run(bin('nx'), [...nxArgs, '--parallel=2', '--outputStyle=stream', ...passThrough], {
  env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
});

const summary = summariseDirectory(reports);
console.log('');
console.log(closingLine(summary));
const ranNothing = summary.passed + summary.failed === 0 && !affected;
if (ranNothing) console.error('No test ran: that is a failure, not a pass.');
process.exit(code !== 0 || formatCode !== 0 || summary.failed > 0 || ranNothing ? 1 : 0);
