import { describe, expect, it } from 'vitest';
import { isProductFile } from './product-files.mjs';

describe('isProductFile (the files npm run duplicates:product counts)', () => {
  it('keeps the code that ships', () => {
    for (const path of [
      'apps/api/src/rpc/video.routes.ts',
      'apps/web/src/routes/login.tsx',
      'libs/proto/proto/videoservice/video_service.proto',
      'libs/recording-uploads/src/spool/spool-parts.ts',
      'tools/start.mjs',
    ])
      expect(isProductFile(path), path).toBe(true);
  });

  it('leaves out tests, test support, fixtures, generated code, benchmarks, examples and prose', () => {
    for (const path of [
      'apps/api/src/rpc/video.routes.test.ts',
      'apps/web/src/app.test.tsx',
      'libs/video-api/src/testing/fake-validation.ts',
      'apps/api/test/support/test-server.ts',
      'apps/api/test/edit-fixtures.ts',
      'apps/web-e2e/src/record/fixtures/recorder-entry.ts',
      'libs/proto/src/gen/videoservice/video_service_pb.ts',
      'apps/web/src/routeTree.gen.ts',
      'tools/bench/record.mjs',
      'tools/soak.mjs',
      'tools/soak/run.mjs',
      'examples/instant-share/src/main.tsx',
      'docs/architecture.md',
      'apps/web/dist/assets/index.js',
    ])
      expect(isProductFile(path), path).toBe(false);
  });
});
