// Feature folders inside libs/ui: each folder of libs/ui/src is a feature (library, sharing, team,
// player, …) except `primitives/`, the building blocks (dialogs, form errors, selects, tables, load
// state, time formats) every feature uses. A feature imports `../primitives` and its own files,
// never another feature: two features that need the same piece share it through primitives, and
// primitives import no feature (docs/architecture.md, "Feature folders of libs/ui"). The folders
// are read from the file system, so a new folder is a feature from its first file.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const uiSource = fileURLToPath(new URL('../../libs/ui/src', import.meta.url));

export const uiFeatures = readdirSync(uiSource, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'primitives')
  .map((entry) => entry.name)
  .sort();

/**
 * The feature-to-feature imports that stand, each with its reason. Keep it short: a piece two
 * features share belongs in primitives instead.
 */
export const uiFeatureExceptions = {
  // The stage is the player in its page (processing, failure, call to action); the trim and
  // annotation editor edits what the player draws (annotation marks and shapes, storyboard tiles,
  // chapters) and previews the cut in it.
  video: { player: 'the stage draws the player' },
  editor: { player: 'the editor previews and draws what the player plays' },
  // A team's webhooks are a person's webhooks with the team's name: one section for both pages.
  team: { settings: 'the team page shows the settings webhooks section' },
  // The player reads the kept spans of an edit and the stored playback rate through these two
  // files; they move to primitives when the player is split into hooks and controls.
  player: { editor: 'kept-ranges, until it moves to primitives', theme: 'local-storage-if-allowed, likewise' },
};

/**
 * A relative import with a path segment naming one of `folders` (`../library/x`, `../../team`),
 * as tools/eslint/api-layers.mjs does for the API's layers. No feature has a subfolder named
 * like another feature.
 */
const reaching = (folders) => `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`;

const featureRule = (feature) => {
  const others = uiFeatures.filter((other) => other !== feature && !uiFeatureExceptions[feature]?.[other]);
  return {
    files: [`libs/ui/src/${feature}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: reaching(others),
              message: `libs/ui/src/${feature}/ may import ../primitives and its own files, never another feature folder: move what both need into primitives (docs/architecture.md).`,
            },
          ],
        },
      ],
    },
  };
};

export const uiFeatureRules = [
  ...uiFeatures.map(featureRule),
  {
    files: ['libs/ui/src/primitives/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: reaching(uiFeatures),
              message:
                'libs/ui/src/primitives/ imports no feature folder: the features build on it (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
];
