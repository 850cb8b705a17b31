import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findDocProblems, looksLikePath } from './doc-references';

const root = fileURLToPath(new URL('../..', import.meta.url));
const messages = (planted: Record<string, string>) =>
  findDocProblems(root, planted).map((p) => `${p.line}: ${p.message}`);

describe('the docs', () => {
  it('name only files, folders and exports that exist (README.md, docs/**/*.md, every README)', () => {
    const problems = findDocProblems(root).map((p) => `${p.doc}:${p.line} ${p.message}`);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('the check of the docs', () => {
  it('fails on a link or a `path` to a file or folder that is not there, and passes the ones that are', () => {
    const doc = [
      'See [the app](apps/web/README.md), [its routes](../apps/web/src/routes/) and `libs/ui/src/index.ts`.',
      'The API keeps `platform/processing/smart-cut.ts` and [a gone file](./gone.md).',
      'Also `apps/web/src/routes/-components/share-video-dialog.tsx`, `libs/nothing/` and `library-folders.tsx`.',
      'Not paths: `video/webm`, `/api/videoservice/upload`, `DATA_DIR/blobs`, `.d.ts`, `videos/`, `meta.json`.',
    ].join('\n');
    expect(messages({ 'docs/planted.md': doc })).toEqual([
      '2: links to ./gone.md, which does not exist',
      '3: names apps/web/src/routes/-components/share-video-dialog.tsx, which does not exist',
      '3: names libs/nothing/, which does not exist',
      '3: names library-folders.tsx, which does not exist',
    ]);
  }, 120_000);

  it('fails on a name imported from a lib that it does not export, and on an entry it does not have', () => {
    const doc = [
      '```ts',
      "import { VideoPlayer, NoSuchComponent } from '@stream/ui';",
      "import { createFakeVideoService, type NoSuchType } from '@stream/video-api/testing';",
      "import { createSession } from '@stream/auth/nowhere';",
      '```',
    ].join('\n');
    expect(messages({ 'README.md': doc })).toEqual([
      '2: imports NoSuchComponent from @stream/ui, which does not export it',
      '3: imports NoSuchType from @stream/video-api/testing, which does not export it',
      '4: imports from @stream/auth/nowhere, an entry the lib does not have',
    ]);
  }, 120_000);

  it("fails when a lib's README lists a name of the lib that its index does not export, unless it says it is a helper", () => {
    const listed = '- `VideoCard`: a card.\n- `StatusBadge`: a badge.\n- `onPlayed(seconds)`: a prop.\n';
    expect(messages({ 'libs/ui/README.md': listed })).toEqual([
      '2: lists StatusBadge as part of @stream/ui, which does not export it',
    ]);
    expect(messages({ 'libs/ui/README.md': `Helpers (\`StatusBadge\`) are not exported.\n${listed}` })).toEqual([]);
  }, 120_000);

  it('tells paths from other words in backticks', () => {
    expect(['apps/web', 'src/gen/', 'app.tsx', 'docs/x.yaml'].filter(looksLikePath)).toEqual([
      'apps/web',
      'src/gen/',
      'app.tsx',
      'docs/x.yaml',
    ]);
    expect(
      ['text/plain', 'a b/c.ts', '@stream/ui', 'http://x/y.ts', 'node_modules/.bin', 'x.json'].filter(looksLikePath),
    ).toEqual([]);
  });
});
