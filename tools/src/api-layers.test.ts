import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const workspaceRoot = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: workspaceRoot });

async function layerErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: join(workspaceRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

// The rule itself lives in tools/eslint/api-layers.mjs; docs/architecture.md, "Layers of the API".
describe('layers inside apps/api', () => {
  it.each([
    ['apps/api/src/db/forbidden.ts', "import { MediaService } from '../media';\nexport const x = MediaService;\n"],
    ['apps/api/src/db/forbidden.ts', "import type { Config } from '../services/video';\nexport type X = Config;\n"],
    ['apps/api/src/storage/forbidden.ts', "import { x } from '../db/database';\nexport const y = x;\n"],
    ['apps/api/src/rpc/forbidden.ts', "import { x } from '../http/upload.routes';\nexport const y = x;\n"],
    ['apps/api/src/http/forbidden.ts', "import { x } from '../rpc/video.routes';\nexport const y = x;\n"],
    ['apps/api/src/http/forbidden.ts', "import { MediaService } from '../media';\nexport const x = MediaService;\n"],
    ['apps/api/src/services/forbidden.ts', "import { x } from '../wire/video.message';\nexport const y = x;\n"],
    ['apps/api/src/media/forbidden.ts', "import { x } from '../../src/services/video.service';\nexport const y = x;\n"],
    ['apps/api/src/wire/forbidden.ts', "import { x } from '../rpc/video.routes';\nexport const y = x;\n"],
    ['apps/api/src/ops/forbidden.ts', "import { x } from '../db/database';\nexport const y = x;\n"],
  ])('reports %s importing %s', async (file, source) => {
    expect((await layerErrors(file, source)).length).toBeGreaterThan(0);
  });

  it.each([
    ['apps/api/src/rpc/allowed.ts', "import { x } from '../wire/video.message';\nexport const y = x;\n"],
    ['apps/api/src/http/allowed.ts', "import type { OpenedMedia } from '../media';\nexport type X = OpenedMedia;\n"],
    ['apps/api/src/services/allowed.ts', "import { MediaService } from '../media';\nexport const x = MediaService;\n"],
    ['apps/api/src/media/allowed.ts', "import { x } from '../db/database';\nexport const y = x;\n"],
    ['apps/api/src/server.ts', "import { x } from './rpc/video.routes';\nexport const y = x;\n"],
    ['apps/api/src/readiness-checks.ts', "import { x } from './db/migrate';\nexport const y = x;\n"],
  ])('allows %s importing %s', async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});
