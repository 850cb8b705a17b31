import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uiFeatures } from '../eslint/ui-features.mjs';

const workspaceRoot = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: workspaceRoot });

/** The errors of the import rule for a file of libs/ui/src/`folder` that imports `name` from `from`. */
async function importErrors(folder: string, name: string, from: string) {
  const source = `import { ${name} } from '${from}';\nexport const x = ${name};\n`;
  const filePath = join(workspaceRoot, 'libs/ui/src', folder, 'fixture.tsx');
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

// The rule lives in tools/eslint/ui-features.mjs; docs/architecture.md, "Feature folders of libs/ui".
describe('feature folders inside libs/ui', () => {
  it('reads the feature folders from the file system, primitives apart', () => {
    expect(uiFeatures).toEqual(expect.arrayContaining(['library', 'manage', 'player', 'sharing', 'team']));
    expect(uiFeatures).not.toContain('primitives');
  });

  it.each([
    ['library', 'DeleteDialog', '../manage/delete-dialog'],
    ['team', 'ShareLinksPanel', '../sharing'],
    ['admin', 'TeamPageView', '../team/team-page-view'],
    ['sign-in', 'HomePage', '../../src/home/home-page'],
    ['settings', 'VideoCard', '../library/video-card'],
    // An exception for one file leaves the rest of its folder closed.
    ['team', 'ApiKeysSection', '../settings/api-keys-section'],
    ['player', 'TrimEditor', '../editor/trim-editor'],
    ['player', 'previewPosition', '../editor/kept-ranges'],
    // A door opens the folder's index.ts, never its files.
    ['video', 'VideoPlayer', '../player/video-player'],
    ['editor', 'storyboardTile', '../player/storyboard'],
    // The building blocks import no feature.
    ['primitives', 'VideoCard', '../library/video-card'],
  ])('reports libs/ui/src/%s importing %s from %s', async (folder, name, from) => {
    expect((await importErrors(folder, name, from)).length).toBeGreaterThan(0);
  });

  it.each([
    ['library', 'ConfirmDialog', '../primitives'],
    ['team', 'DataTable', '../primitives/data-table'],
    ['library', 'VideoCard', './video-card'],
    ['primitives', 'Modal', './modal'],
    // The player's door, and the standing exception, each named with its reason in the rule's file.
    ['video', 'VideoPlayer', '../player'],
    ['editor', 'storyboardTile', '../player'],
    ['team', 'WebhooksSection', '../settings/webhooks-section'],
  ])('allows libs/ui/src/%s importing %s from %s', async (folder, name, from) => {
    expect(await importErrors(folder, name, from)).toEqual([]);
  });
});
