import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const workspaceRoot = join(import.meta.dirname, '../../..');
const committed = join(workspaceRoot, 'libs/proto/src/gen');
const buf = join(workspaceRoot, 'node_modules/.bin/buf');
// buf compiles in a few hundred milliseconds, but a loaded CI machine can take seconds.
const scratch = mkdtempSync(join(tmpdir(), 'stream-codegen-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function filesUnder(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return found;
}

describe('libs/proto/src/gen', () => {
  it('passes buf lint', () => {
    expect(() => execFileSync(buf, ['lint'], { cwd: workspaceRoot, stdio: 'pipe' })).not.toThrow();
  }, 60_000);

  it('is what `npm run codegen` generates from the .proto today (run it and commit if this fails)', () => {
    execFileSync(buf, ['generate', '--output', scratch], { cwd: workspaceRoot, stdio: 'pipe' });
    const fresh = filesUnder(join(scratch, 'libs/proto/src/gen'));
    const current = filesUnder(committed);
    expect([...current.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [path, text] of fresh) expect(current.get(path), path).toBe(text);
  }, 60_000);
});
