import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uiFeatures } from '../eslint/ui-features.mjs';

const workspaceRoot = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: workspaceRoot });

async function featureErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: join(workspaceRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

// The rule lives in tools/eslint/ui-features.mjs; docs/architecture.md, "Feature folders of libs/ui".
describe('feature folders inside libs/ui', () => {
  it('reads the feature folders from the file system, primitives apart', () => {
    expect(uiFeatures).toEqual(expect.arrayContaining(['library', 'manage', 'player', 'sharing', 'team']));
    expect(uiFeatures).not.toContain('primitives');
  });

  it.each([
    [
      'libs/ui/src/library/forbidden.tsx',
      "import { DeleteDialog } from '../manage/delete-dialog';\nexport const x = DeleteDialog;\n",
    ],
    [
      'libs/ui/src/team/forbidden.tsx',
      "import { ShareLinksPanel } from '../sharing';\nexport const x = ShareLinksPanel;\n",
    ],
    [
      'libs/ui/src/admin/forbidden.tsx',
      "import type { TeamMemberRow } from '../team/team-types';\nexport type X = TeamMemberRow;\n",
    ],
    [
      'libs/ui/src/sign-in/forbidden.tsx',
      "import { HomePage } from '../../src/home/home-page';\nexport const x = HomePage;\n",
    ],
    [
      'libs/ui/src/settings/forbidden.tsx',
      "import { VideoCard } from '../library/video-card';\nexport const x = VideoCard;\n",
    ],
    [
      'libs/ui/src/primitives/forbidden.tsx',
      "import { VideoCard } from '../library/video-card';\nexport const x = VideoCard;\n",
    ],
  ])('reports %s importing %s', async (file, source) => {
    expect((await featureErrors(file, source)).length).toBeGreaterThan(0);
  });

  it.each([
    [
      'libs/ui/src/library/allowed.tsx',
      "import { ConfirmDialog, FormError } from '../primitives';\nexport const x = [ConfirmDialog, FormError];\n",
    ],
    [
      'libs/ui/src/team/allowed.tsx',
      "import { DataTable } from '../primitives/data-table';\nexport const x = DataTable;\n",
    ],
    ['libs/ui/src/library/allowed.tsx', "import { VideoCard } from './video-card';\nexport const x = VideoCard;\n"],
    ['libs/ui/src/primitives/allowed.tsx', "import { Modal } from './modal';\nexport const x = Modal;\n"],
    // A standing exception, named with its reason in the rule's file.
    [
      'libs/ui/src/video/allowed.tsx',
      "import { VideoPlayer } from '../player/video-player';\nexport const x = VideoPlayer;\n",
    ],
  ])('allows %s importing %s', async (file, source) => {
    expect(await featureErrors(file, source)).toEqual([]);
  });
});
