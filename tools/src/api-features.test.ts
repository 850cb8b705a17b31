import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const workspaceRoot = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: workspaceRoot });

async function layerErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: join(workspaceRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

// The rules live in tools/eslint/api-features.mjs; docs/architecture.md, "The API by feature".
describe('the API by feature over a platform', () => {
  it.each([
    // a feature reaches another only through its index.ts
    ['apps/api/src/sharing/forbidden.ts', "import { x } from '../videos/video.service';\nexport const y = x;\n"],
    [
      'apps/api/src/edits/sensitive-text/forbidden.ts',
      "import type { X } from '../../videos/video.table';\nexport type Y = X;\n",
    ],
    ['apps/api/src/teams/forbidden.ts', "import { may } from '../access/policy';\nexport const y = may;\n"],
    // a route never imports a repository, its own feature's or another's
    ['apps/api/src/teams/team.routes.ts', "import { x } from './team.repository';\nexport const y = x;\n"],
    [
      'apps/api/src/sharing/share-link.routes.ts',
      "import { videoRepository } from '../videos';\nexport const y = videoRepository;\n",
    ],
    // the platform imports no feature, and only a table's types
    [
      'apps/api/src/platform/db/forbidden.ts',
      "import { VideoService } from '../../videos';\nexport const x = VideoService;\n",
    ],
    [
      'apps/api/src/platform/media/forbidden.ts',
      "import { x } from '../../videos/video.repository';\nexport const y = x;\n",
    ],
    ['apps/api/src/platform/db/forbidden.ts', "import { x } from '../../videos/video.table';\nexport const y = x;\n"],
    ['apps/api/src/platform/auth/forbidden.ts', "import { x } from '../../access/policy';\nexport const y = x;\n"],
  ])('reports %s importing %s', async (file, source) => {
    expect((await layerErrors(file, source)).length).toBeGreaterThan(0);
  });

  it.each([
    ['apps/api/src/sharing/allowed.ts', "import { VideoService } from '../videos';\nexport const x = VideoService;\n"],
    ['apps/api/src/sharing/allowed.ts', "import { x } from './share-link.repository';\nexport const y = x;\n"],
    ['apps/api/src/sharing/allowed.ts', "import { x } from '../platform/db/database';\nexport const y = x;\n"],
    ['apps/api/src/teams/team.routes.ts', "import { x } from './team.service';\nexport const y = x;\n"],
    [
      'apps/api/src/platform/db/allowed.ts',
      "import type { VideoTable } from '../../videos/video.table';\nexport type X = VideoTable;\n",
    ],
    ['apps/api/src/platform/auth/allowed.ts', "import { x } from '../../access';\nexport const y = x;\n"],
    ['apps/api/src/server.ts', "import { x } from './videos/video.routes';\nexport const y = x;\n"],
    ['apps/api/src/wiring/allowed.ts', "import { x } from '../platform/db/migrate';\nexport const y = x;\n"],
    [
      'apps/api/src/videos/video.service.test.ts',
      "import { x } from '../sharing/share-link.repository';\nexport const y = x;\n",
    ],
  ])('allows %s importing %s', async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});
