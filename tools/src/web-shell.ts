// The web app is a thin shell: its product files (no tests, test support or generated
// route tree) stay small and import none of the upload, tus or spool machinery, which
// @stream/recording-uploads and @stream/video-api own.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isProductFile } from './product-files.mjs';

export const WEB_SHELL_MAX_LINES = 1500;
export const WEB_SHELL_MAX_FILE_LINES = 150;

/** What an app must not import: tus, the upload and resumable clients, the spool, the instant path's parts. */
const machinery =
  /\b(tus-js-client|createUploadClient|createResumableClient|uploadFile|createUploadSink|openSpoolStore|create(Idb|Opfs)SpoolStore|createInstantRecording|composeRecordingUploads)\b|['"]@stream\/[a-z-]+\/src\//;
const importStatement = /\b(?:import|export)\s[^;]*?\bfrom\s*['"][^'"]+['"]|\bimport\(\s*['"][^'"]+['"]\s*\)/g;

export interface ShellFile {
  path: string;
  /** Newlines, as `wc -l` counts. */
  lines: number;
  /** Its import statements that reach the machinery. */
  machinery: string[];
}

/** The product files below `dir` (paths relative to `root`), their lines and what machinery they import. */
export function shellFiles(root: string, dir = 'apps/web/src'): ShellFile[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter(isProductFile)
    .map((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      return {
        path,
        lines: text.split('\n').length - 1,
        machinery: (text.match(importStatement) ?? []).filter((statement) => machinery.test(statement)),
      };
    });
}
