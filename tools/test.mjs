#!/usr/bin/env node
// `npm test`: every check the project has, then one closing line `N passed, N failed`.
//   npm test                     formatting, lint, typecheck, codegen check and every project's tests
//   npm test -- --affected       only the projects a change touched and their dependents (nx affected),
//                                against --base=REF (default origin/main, else main) and --head=REF
//                                (default: the working tree, uncommitted files included)
//   npm test -- --affected --dry-run   print the tasks it would run and stop
//   npm test -- --skip-nx-cache  ignore cached results (CI does this)
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemPackages } from './src/system-packages.mjs';
import { affectedTasks, defaultBase, takeRefs } from './src/affected.mjs';
import { closingLine, failureLines, summariseDirectory } from './src/test-summary.mjs';
import { bin, ensureDependencies, run, workspaceRoot } from './src/workspace.mjs';

const args = process.argv.slice(2);
const affected = args.includes('--affected');
const dryRun = args.includes('--dry-run');
const {
  base = defaultBase(),
  head,
  rest: passThrough,
} = takeRefs(args.filter((a) => a !== '--affected' && a !== '--dry-run'));
if (process.env.CI && !passThrough.includes('--skip-nx-cache')) passThrough.push('--skip-nx-cache');
const targets = ['lint', 'typecheck', 'test', 'test:integration', 'test:system', 'test:media'];
const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };

ensureDependencies();
if (dryRun) {
  if (!affected) throw new Error('--dry-run lists the tasks of --affected only');
  console.log(`Tasks affected since ${base}${head ? ` up to ${head}` : ''}:`);
  for (const task of affectedTasks({ targets, base, head, bin: bin('nx'), env: nxEnv })) console.log(`  ${task}`);
  process.exit(0);
}
ensureSystemPackages([
  'chromium',
  'ffmpeg',
  'postgresql',
  'firefox',
  'xvfb',
  'webkit',
  'pocketsphinx',
  'espeak',
  'tesseract',
  'fonts',
]);

const reports = join(workspaceRoot, 'test-results/vitest');
rmSync(reports, { recursive: true, force: true });

// Formatting first: it takes seconds, and `npm run format` fixes what it reports.
const formatCode = await run(bin('prettier'), ['--check', '--log-level', 'warn', '.']);
if (formatCode !== 0) console.error('Formatting: the files above differ from Prettier; run `npm run format`.');

const refs = [`--base=${base}`, ...(head ? [`--head=${head}`] : [])];
const nxArgs = affected ? ['affected', '-t', ...targets, ...refs] : ['run-many', '-t', ...targets];
if (affected) console.log(`Projects affected since ${base}${head ? ` up to ${head}` : ''}, and their dependents:`);
// Two lanes on two cores: the long tasks (web-e2e, the API's four test targets) keep a core busy
// each rather than wait (the API's system tier, whose tests mostly wait on other processes, still
// used ~650 s of CPU for ~600 s of run), so a third lane would only slow each task down.
const nxRun = (extra) =>
  run(bin('nx'), [...nxArgs, ...extra, '--parallel=2', '--outputStyle=stream', ...passThrough], { env: nxEnv });
let code;
if (affected) {
  code = await nxRun([]);
} else {
  // The browser tests are the longest task (~18 min). Nx starts tasks in project order, which put
  // them last, after the API's tiers, with one lane idle meanwhile (the clean-clone CI at c613d34:
  // 37 min 52 s, 19 min 46 s of it "recoverable"). So a full run starts them at once, as a plain
  // vitest run beside Nx, and Nx lints and typechecks them with the rest.
  const browserTests = run('npm', ['run', 'test', '-w', '@stream/web-e2e']);
  const rest = await nxRun(['--exclude=@stream/web-e2e']);
  const browserChecks = await run(
    bin('nx'),
    ['run-many', '-t', 'lint', 'typecheck', '--projects=@stream/web-e2e', '--outputStyle=stream', ...passThrough],
    { env: nxEnv },
  );
  const browserCode = await browserTests;
  code = rest || browserChecks || browserCode;
}

const summary = summariseDirectory(reports);
console.log('');
for (const line of failureLines(summary)) console.log(line);
console.log(closingLine(summary));
const ranNothing = summary.passed + summary.failed === 0 && !affected;
if (ranNothing) console.error('No test ran: that is a failure, not a pass.');
process.exit(code !== 0 || formatCode !== 0 || summary.failed > 0 || ranNothing ? 1 : 0);
