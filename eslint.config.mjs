// One flat config for the whole workspace. Each project runs `eslint .` from its own folder and
// ESLint finds this file by walking up. The module-boundary rule is the point: see docs/architecture.md,
// "How the projects depend on each other" and the tags in each package.json `nx.tags`.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { apiFeatureRules } from './tools/eslint/api-features.mjs';
import { uiFeatureRules } from './tools/eslint/ui-features.mjs';

export const dependencyConstraints = [
  // Apps compose libs; nothing imports an app.
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:workflow', 'type:feature', 'type:data', 'type:ui', 'type:proto'],
  },
  // Workflow libs (recording-uploads) own long-lived client work over the feature and data libs:
  // a recording's way to a video uses the recorder's sinks and video-api's clients.
  { sourceTag: 'type:workflow', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:proto'] },
  // Feature libs (recorder) are framework-free and talk to the world through injected sinks.
  { sourceTag: 'type:feature', onlyDependOnLibsWithTags: [] },
  // Data libs (auth, video-api) may use the contract but not each other: the app injects getToken.
  { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:proto'] },
  // UI is presentational: props in, callbacks out; no contract, no data libs.
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:proto', onlyDependOnLibsWithTags: [] },
  // Browser tests drive the app from outside; they may use the libs' test helpers, never an app.
  {
    sourceTag: 'type:e2e',
    onlyDependOnLibsWithTags: ['type:data', 'type:ui', 'type:proto', 'type:feature', 'type:workflow'],
  },
  {
    sourceTag: 'type:tools',
    onlyDependOnLibsWithTags: ['type:proto', 'type:data', 'type:feature', 'type:ui', 'type:workflow'],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/src/gen/**',
      '**/routeTree.gen.ts',
      '**/.nx/**',
      '**/test-results/**',
      '**/data/**',
      '**/*.config.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: dependencyConstraints,
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every React project: the rules of hooks and the React Compiler's checks (plugin v7 recommended).
    // exhaustive-deps is raised to an error: a warning nobody sees lets a stale effect through CI.
    files: [
      'apps/web/**/*.{ts,tsx}',
      'libs/ui/**/*.{ts,tsx}',
      'libs/auth/**/*.{ts,tsx}',
      'libs/video-api/src/hooks/**/*.{ts,tsx}',
      'libs/recorder/src/react/**/*.{ts,tsx}',
      'libs/recording-uploads/src/react/**/*.{ts,tsx}',
    ],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.mjs', 'tools/**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  // The API by feature over a platform: see tools/eslint/api-features.mjs.
  ...apiFeatureRules,
  // Feature folders inside libs/ui: see tools/eslint/ui-features.mjs.
  ...uiFeatureRules,
);
