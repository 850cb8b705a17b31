import { ESLint } from 'eslint';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const workspaceRoot = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: workspaceRoot });

// The boundary rule reads Nx's cached project graph; computing it is what `nx run-many` does first.
beforeAll(() => {
  execFileSync(join(workspaceRoot, 'node_modules/.bin/nx'), ['show', 'projects'], {
    cwd: workspaceRoot,
    stdio: 'pipe',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
}, 60_000);

async function boundaryErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: join(workspaceRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@nx/enforce-module-boundaries');
}

describe('module boundaries (docs/architecture.md, "How the projects depend on each other")', () => {
  it.each([
    ['libs/ui/src/forbidden.ts', "import { VideoService } from '@stream/proto';\nexport const x = VideoService;\n"],
    ['libs/ui/src/forbidden.ts', "import * as api from '@stream/video-api';\nexport const x = api;\n"],
    ['libs/video-api/src/forbidden.ts', "import * as auth from '@stream/auth';\nexport const x = auth;\n"],
    ['libs/recorder/src/forbidden.ts', "import * as ui from '@stream/ui';\nexport const x = ui;\n"],
    ['libs/proto/src/forbidden.ts', "import * as ui from '@stream/ui';\nexport const x = ui;\n"],
    // The recorder captures; the way to a video is recording-uploads', which builds on it, not the reverse.
    [
      'libs/recorder/src/forbidden.ts',
      "import * as uploads from '@stream/recording-uploads';\nexport const x = uploads;\n",
    ],
    ['libs/recording-uploads/src/forbidden.ts', "import * as ui from '@stream/ui';\nexport const x = ui;\n"],
    [
      'libs/video-api/src/forbidden.ts',
      "import * as uploads from '@stream/recording-uploads';\nexport const x = uploads;\n",
    ],
  ])('reports %s importing %s', async (file, source) => {
    const errors = await boundaryErrors(file, source);
    expect(errors.length).toBeGreaterThan(0);
  });

  it.each([
    ['apps/web/src/allowed.ts', "import * as ui from '@stream/ui';\nexport const x = ui;\n"],
    [
      'libs/video-api/src/allowed.ts',
      "import { VideoService } from '@stream/proto';\nexport const x = VideoService;\n",
    ],
    ['apps/api/src/allowed.ts', "import { VideoService } from '@stream/proto';\nexport const x = VideoService;\n"],
    [
      'libs/recording-uploads/src/allowed.ts',
      "import * as api from '@stream/video-api';\nimport * as recorder from '@stream/recorder';\nexport const x = [api, recorder];\n",
    ],
    ['apps/web/src/allowed.ts', "import * as uploads from '@stream/recording-uploads';\nexport const x = uploads;\n"],
  ])('allows %s importing %s', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
