import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WEB_SHELL_MAX_FILE_LINES, WEB_SHELL_MAX_LINES, shellFiles } from './web-shell';

const workspaceRoot = join(import.meta.dirname, '../..');

describe('apps/web is a thin shell', () => {
  const files = shellFiles(workspaceRoot);
  const total = files.reduce((sum, file) => sum + file.lines, 0);

  it(`has at most ${WEB_SHELL_MAX_LINES} lines of product code, no file over ${WEB_SHELL_MAX_FILE_LINES}`, () => {
    console.info(`apps/web/src: ${total} product lines in ${files.length} files`);
    expect(files.length).toBeGreaterThan(10);
    expect(total).toBeLessThanOrEqual(WEB_SHELL_MAX_LINES);
    expect(files.filter((file) => file.lines > WEB_SHELL_MAX_FILE_LINES).map((f) => `${f.path}: ${f.lines}`)).toEqual(
      [],
    );
  });

  it('imports none of the upload, tus or spool machinery', () => {
    expect(files.filter((file) => file.machinery.length > 0)).toEqual([]);
  });
});

describe('shellFiles (how the shell is measured)', () => {
  const root = mkdtempSync(join(tmpdir(), 'web-shell-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('counts product files alone, and finds machinery however the import is written', () => {
    write('apps/web/src/a.tsx', "import { RecordPage } from './record';\nexport const a = 1;\n");
    write('apps/web/src/b.ts', "import {\n  createUploadSink,\n  type Spool,\n} from '@stream/recording-uploads';\n");
    write('apps/web/src/c.ts', "const tus = import('tus-js-client');\n");
    write('apps/web/src/a.test.tsx', 'x\n'.repeat(500));
    write('apps/web/src/testing/helpers.tsx', 'x\n'.repeat(500));
    write('apps/web/src/routeTree.gen.ts', 'x\n'.repeat(500));
    const found = shellFiles(root);
    expect(found.map((f) => [f.path, f.lines, f.machinery.length]).sort()).toEqual([
      ['apps/web/src/a.tsx', 2, 0],
      ['apps/web/src/b.ts', 4, 1],
      ['apps/web/src/c.ts', 1, 1],
    ]);
  });
});
