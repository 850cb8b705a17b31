// Layers inside apps/api, enforced like the libs' module boundaries. Each folder of apps/api/src
// names the folders it must never import from; everything points down (docs/architecture.md,
// "Layers of the API"):
//
//   rpc/ http/        adapters: validate, authenticate, call a service, map the answer
//     └─ wire/        what both adapters share: message mapping, signed links
//   services/         business rules
//     └─ media/ processing/   the one owner of a video's bytes; jobs
//         └─ db/ storage/     rows and blobs; they import nothing above them
//   auth/             token verification and the signed-in user, used by every layer above db
//   ops/              health, readiness, metrics, request ids, shutdown: told what to check by
//                     the composition root, it imports no other layer
//
// An adapter may name the type of what a service hands it (an opened blob from storage/ or media/):
// those layers are listed under `typesOnly`, where a type-only import passes and a value import fails.

/** For each layer: the layers it may not import at all, and those it may import types from only. */
export const apiLayers = {
  rpc: { forbidden: ['http', 'db', 'processing'], typesOnly: ['storage', 'media'] },
  http: { forbidden: ['rpc', 'db', 'processing'], typesOnly: ['storage', 'media'] },
  wire: { forbidden: ['rpc', 'http', 'db', 'storage', 'media', 'processing'], typesOnly: [] },
  services: { forbidden: ['rpc', 'http', 'wire'], typesOnly: [] },
  media: { forbidden: ['rpc', 'http', 'wire', 'services', 'processing'], typesOnly: [] },
  processing: { forbidden: ['rpc', 'http', 'wire', 'services'], typesOnly: [] },
  auth: { forbidden: ['rpc', 'http', 'wire', 'services', 'media', 'processing', 'db', 'storage'], typesOnly: [] },
  db: { forbidden: ['rpc', 'http', 'wire', 'services', 'media', 'processing', 'storage', 'auth'], typesOnly: [] },
  storage: { forbidden: ['rpc', 'http', 'wire', 'services', 'media', 'processing', 'db', 'auth'], typesOnly: [] },
  ops: {
    forbidden: ['rpc', 'http', 'wire', 'services', 'media', 'processing', 'db', 'storage', 'auth'],
    typesOnly: [],
  },
};

/**
 * A relative import with a path segment naming one of `layers` (`../http/x`, `../../rpc`, and the
 * roundabout `../../src/services/x` too). No layer has a subfolder named like another layer.
 */
const reaching = (layers) => `^\\.{1,2}/(?:.*/)?(?:${layers.join('|')})(?:/|$)`;

const pattern = (layer, layers, allowTypeImports) => ({
  regex: reaching(layers),
  allowTypeImports,
  message: `apps/api/src/${layer}/ may not import ${allowTypeImports ? 'values from ' : ''}${layers.join(', ')}: layers point down (docs/architecture.md).`,
});

export const apiLayerRules = Object.entries(apiLayers).map(([layer, { forbidden, typesOnly }]) => ({
  files: [`apps/api/src/${layer}/**/*.ts`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [pattern(layer, forbidden, false), ...(typesOnly.length ? [pattern(layer, typesOnly, true)] : [])],
      },
    ],
  },
}));
