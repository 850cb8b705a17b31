// How the parts of apps/api may import each other (docs/architecture.md, "The API by feature"):
//
//   src/<feature>/    one product capability: its routes, validation, service, repository, tables.
//                     Another feature or access/ is reached only through its index.ts.
//   src/access/       who may do what: the one module that decides; reached through its index.ts.
//   src/platform/     what no feature owns (db, rpc and http plumbing, auth, storage, media,
//                     processing, ops, startup, backup): it imports no feature, except the type of a
//                     feature's table (the Database type is made of them) and access/'s index.
//   src/*.ts, src/wiring/   entry points and the composition root: may import anything.
//
// Inside every part, a route never touches a repository: it validates, calls a service, maps the
// answer, and the service decides and reads or writes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const src = join(import.meta.dirname, '../../apps/api/src');
const notFeatures = new Set(['platform', 'wiring', 'access']);

/** Every folder of apps/api/src that is a feature: all but platform/, wiring/ and access/. */
export const features = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !notFeatures.has(entry.name))
  .map((entry) => entry.name)
  .sort();

/** A relative import reaching inside `parts` (a file of theirs, not their folder's index). */
const inside = (parts) => `^(?:\\.{1,2}/)+(?:${parts.join('|')})/.+`;
const throughIndex = (part, others) => ({
  regex: inside(others),
  message: `apps/api/src/${part}/ reaches another feature (or access/) only through its index.ts: import from '../<feature>', not a file inside it.`,
});

const platformPatterns = [
  {
    regex: `^(?:\\.{1,2}/)+(?:${features.join('|')})(?:/(?!.*\\.table$).*)?$`,
    message:
      'apps/api/src/platform/ imports no feature: a feature plugs into the platform in the composition root (server.ts, worker.ts, wiring/).',
  },
  {
    regex: `^(?:\\.{1,2}/)+(?:${features.join('|')})/.*\\.table$`,
    allowTypeImports: true,
    message: "apps/api/src/platform/ may name a feature table's types (the Database type), never import its values.",
  },
  { regex: inside(['access']), message: 'apps/api/src/platform/ reaches access/ only through its index.ts.' },
];

const noRepositoryInRoutes = [
  {
    regex: '\\.repository(?:\\.[jt]s)?$',
    message: "A route never imports a repository: it calls its feature's service.",
  },
  {
    regex: '^\\.\\./',
    importNamePattern: '[Rr]epository$',
    message: "A route never imports a repository: it calls its feature's service.",
  },
];

/** The patterns each part's files meet; routes meet the repository rule besides. */
const parts = [
  ...[...features, 'access'].map((part) => [
    part,
    [
      throughIndex(
        part,
        [...features, 'access'].filter((o) => o !== part),
      ),
    ],
  ]),
  ['platform', platformPatterns],
];

const restrict = (files, ignores, patterns) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

// Tests may reach any file they test. ESLint's flat config replaces a rule's options per matching
// object, so a part's routes get one object with both pattern lists.
export const apiFeatureRules = parts.flatMap(([part, patterns]) => [
  restrict([`apps/api/src/${part}/**/*.ts`], ['**/*.test.ts', '**/*.routes.ts'], patterns),
  restrict([`apps/api/src/${part}/**/*.routes.ts`], ['**/*.test.ts'], [...patterns, ...noRepositoryInRoutes]),
]);
