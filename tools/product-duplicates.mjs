#!/usr/bin/env node
// Counts duplicated code over product files only: tests, test support and fixtures,
// generated code, benchmarks, soak, the e2e app, examples and prose are left out, so the count
// speaks of the code that ships. Copies those files into a temporary folder, keeping their paths,
// and runs the tool library's `duplicates` over it. Extra arguments go to `duplicates`. A last line
// splits the rows by kind (the count itself is the tool's, every row counted).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProductFile, pairKinds } from './src/product-files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

const dir = mkdtempSync(join(tmpdir(), 'product-duplicates-'));
try {
  let copied = 0;
  for (const file of tracked.filter(isProductFile)) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    try {
      cpSync(join(root, file), join(dir, file));
      copied += 1;
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  console.log(`${copied} product files`);
  const args = ['--repo', dir, '--most', '200', '--seconds', '120', ...process.argv.slice(2)];
  const run = spawnSync('duplicates', args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (run.error) {
    console.error(`duplicates could not run (${run.error.message}): it is the tool library's command`);
    process.exitCode = 1;
  } else {
    process.stdout.write(run.stdout);
    const { proto, migrations, other } = pairKinds(run.stdout);
    console.log(`of the rows above: ${proto} between .proto files, ${migrations} between migrations, ${other} others`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
