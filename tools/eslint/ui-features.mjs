// Feature folders inside libs/ui: each folder of libs/ui/src is a feature (library, sharing, team,
// player, …) except `primitives/`, the building blocks (dialogs, form errors, selects, tables, load
// state, time formats) every feature uses. A feature imports `../primitives` and its own files,
// never another feature's files (a feature other pages draw whole, the player, is reached through
// its door, `../player`): two features that need the same piece share it through primitives, and
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
 * Features other pages draw whole, reached only through their door (`../player`, its index.ts),
 * never through their files: the video stage and the editor's preview, annotation and chapter
 * fields draw the player and its marks, and the player keeps its hooks and controls its own.
 */
export const uiFeatureDoors = {
  player: 'the video stage and the editor draw the player, its annotation marks, chapters and storyboard',
};

/**
 * The feature-to-feature imports that stand, each with its reason: one file of another feature
 * (`settings/webhooks-section`). Keep it short: a piece two features share belongs in primitives.
 */
export const uiFeatureExceptions = {
  // A team's webhooks are a person's webhooks with the team's name: one section for both pages.
  team: { 'settings/webhooks-section': 'the team page shows the webhooks section of the settings page' },
};

/**
 * The folders a feature may not reach: every other feature, less its exceptions (single files stay
 * reachable through a negative lookahead) and the doors (the folder itself, none of its files).
 */
const unreachable = (feature) => {
  const allowed = Object.keys(uiFeatureExceptions[feature] ?? {});
  return uiFeatures
    .filter((other) => other !== feature)
    .map((other) => {
      if (other in uiFeatureDoors) return `${other}(?=/)`;
      const files = allowed.filter((path) => path.startsWith(`${other}/`)).map((path) => path.slice(other.length + 1));
      return files.length ? `${other}(?!/(?:${files.join('|')})$)` : other;
    });
};

/**
 * A relative import with a path segment naming one of `folders` (`../library/x`, `../../team`),
 * as tools/eslint/api-layers.mjs does for the API's layers. No feature has a subfolder named
 * like another feature.
 */
const reaching = (folders) => `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`;

const featureRule = (feature) => ({
  files: [`libs/ui/src/${feature}/**/*.{ts,tsx}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: reaching(unreachable(feature)),
            message: `libs/ui/src/${feature}/ may import ../primitives, its own files and a door (${Object.keys(
              uiFeatureDoors,
            )
              .map((door) => `../${door}`)
              .join(
                ', ',
              )}), never another feature's files: move what both need into primitives (docs/architecture.md).`,
          },
        ],
      },
    ],
  },
});

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
