import { join } from 'node:path';
import { build, type Rolldown } from 'vite';

/** fixtures/recorder-entry.ts as one classic script (the libs are TypeScript sources, no build step). */
export async function bundleRecorderLibs(): Promise<string> {
  const output = (await build({
    configFile: false,
    // video-api's index also pulls in react-query, whose "use client" directives rolldown warns about.
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(import.meta.dirname, 'fixtures/recorder-entry.ts'),
        formats: ['iife'],
        name: 'streamLibs',
        fileName: 'libs',
      },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const [first] = Array.isArray(output) ? output : [output];
  const chunk = first?.output.find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('The recorder bundle produced no chunk');
  return chunk.code;
}
