// What s3rver 3.7 lacks of S3's multipart API and @tus/s3-store calls (docs/toolchain.md, S3):
// ListParts (GET /bucket/key?uploadId), AbortMultipartUpload (DELETE /bucket/key?uploadId) and
// ListMultipartUploads (GET /bucket?uploads). A Koa middleware put ahead of s3rver's router that
// reads s3rver's own filesystem store of uploads in progress: `<bucket>/._S3rver_uploads/<uploadId>/`
// holds `key`, `metadata`, and each part as `<n>` with its `<n>.md5` (written once the part is
// whole, so a part still arriving is not listed, as on S3). Test support only.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type S3rver from 's3rver';
import { writeWhole } from './s3rver-closed-writes';

const require = createRequire(import.meta.url);
/** s3rver's error, which its error handler renders as S3's XML (code, message, status). */
const S3Error = require('s3rver/lib/models/error') as new (code: string, message: string, detail?: object) => Error;

interface Context {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
}
type Middleware = (ctx: Context, next: () => Promise<unknown>) => Promise<unknown>;
interface Internals {
  middleware: Middleware[];
  store: {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putPart(
      bucket: string,
      uploadId: string,
      partNumber: string,
      content: Readable,
    ): Promise<{ size: number; md5: string }>;
  };
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const noSuchUpload = (uploadId: string) =>
  new S3Error(
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    { UploadId: uploadId },
  );

/** Adds ListParts, AbortMultipartUpload and ListMultipartUploads to `server`; call before `run()`. */
export function addMultipartListing(server: S3rver): void {
  const internals = server as unknown as Internals;
  const uploadsOf = (bucket: string) => internals.store.getResourcePath(bucket, undefined, 'uploads');

  /** The upload's directory, if `uploadId` is an upload in progress of `key`. */
  async function uploadDir(bucket: string, key: string, uploadId: string): Promise<string> {
    if (!/^[\w-]+$/.test(uploadId)) throw noSuchUpload(uploadId);
    const dir = join(uploadsOf(bucket), uploadId);
    const stored = await readFile(join(dir, 'key'), 'utf8').catch(() => undefined);
    if (stored !== key) throw noSuchUpload(uploadId);
    return dir;
  }

  async function listParts(ctx: Context, bucket: string, key: string, uploadId: string) {
    const dir = await uploadDir(bucket, key, uploadId);
    const marker = Number(one(ctx.query['part-number-marker']) ?? 0);
    const maxParts = Number(one(ctx.query['max-parts']) ?? 1000);
    const numbers = (await readdir(dir))
      .filter((name) => /^\d+\.md5$/.test(name))
      .map((name) => Number(name.slice(0, -4)))
      .filter((number) => number > marker)
      .sort((a, b) => a - b);
    const page = numbers.slice(0, maxParts);
    const parts = await Promise.all(
      page.map(async (number) => {
        const [info, md5] = await Promise.all([
          stat(join(dir, String(number))),
          readFile(join(dir, `${number}.md5`), 'utf8'),
        ]);
        return {
          PartNumber: number,
          LastModified: info.mtime.toISOString(),
          ETag: JSON.stringify(md5.trim()),
          Size: info.size,
        };
      }),
    );
    const truncated = numbers.length > page.length;
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumberMarker: marker,
        NextPartNumberMarker: page.at(-1) ?? marker,
        MaxParts: maxParts,
        IsTruncated: truncated,
        StorageClass: 'STANDARD',
        ...(parts.length ? { Part: parts } : {}),
      },
    };
  }

  async function abort(ctx: Context, bucket: string, key: string, uploadId: string) {
    await rm(await uploadDir(bucket, key, uploadId), { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  }

  async function listUploads(ctx: Context, bucket: string) {
    const prefix = one(ctx.query.prefix) ?? '';
    const keyMarker = one(ctx.query['key-marker']) ?? '';
    const uploadIdMarker = one(ctx.query['upload-id-marker']) ?? '';
    const maxUploads = Number(one(ctx.query['max-uploads']) ?? 1000);
    const ids = await readdir(uploadsOf(bucket)).catch(() => [] as string[]);
    const uploads = (
      await Promise.all(
        ids.map(async (uploadId) => {
          const dir = join(uploadsOf(bucket), uploadId);
          const key = await readFile(join(dir, 'key'), 'utf8').catch(() => undefined);
          const info = await stat(join(dir, 'key')).catch(() => undefined);
          return key === undefined || !info ? undefined : { key, uploadId, initiated: info.mtime };
        }),
      )
    )
      .filter((upload) => upload !== undefined)
      .filter((upload) => upload.key.startsWith(prefix))
      .filter(
        (upload) =>
          upload.key > keyMarker ||
          (upload.key === keyMarker && uploadIdMarker !== '' && upload.uploadId > uploadIdMarker),
      )
      .sort((a, b) => (a.key === b.key ? (a.uploadId < b.uploadId ? -1 : 1) : a.key < b.key ? -1 : 1));
    const page = uploads.slice(0, maxUploads);
    const truncated = uploads.length > page.length;
    ctx.body = {
      ListMultipartUploadsResult: {
        Bucket: bucket,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
        ...(truncated ? { NextKeyMarker: page.at(-1)!.key, NextUploadIdMarker: page.at(-1)!.uploadId } : {}),
        Prefix: prefix,
        MaxUploads: maxUploads,
        IsTruncated: truncated,
        ...(page.length
          ? {
              Upload: page.map((upload) => ({
                Key: upload.key,
                UploadId: upload.uploadId,
                Initiated: upload.initiated.toISOString(),
                StorageClass: 'STANDARD',
              })),
            }
          : {}),
      },
    };
  }

  const multipart: Middleware = async (ctx, next) => {
    const [, bucketPart = '', ...keyParts] = ctx.path.split('/');
    const bucket = decodeURIComponent(bucketPart);
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = one(ctx.query.uploadId);
    if (bucket && key && uploadId !== undefined) {
      if (ctx.method === 'GET') return listParts(ctx, bucket, key, uploadId);
      if (ctx.method === 'DELETE') return abort(ctx, bucket, key, uploadId);
    }
    if (bucket && !key && ctx.method === 'GET' && 'uploads' in ctx.query) return listUploads(ctx, bucket);
    return next();
  };
  // s3rver's putPart answers (and writes `<n>.md5`) when the bytes have passed its hash, not when
  // the part's file is closed: a ListParts right after could see it short. Closed first here.
  internals.store.putPart = async (bucket, uploadId, partNumber, content) => {
    const dir = join(uploadsOf(bucket), uploadId);
    // S3 refuses a part of an upload completed or aborted; s3rver made its directory anew.
    if (!/^[\w-]+$/.test(uploadId) || !(await stat(join(dir, 'key')).catch(() => undefined))) {
      content.resume();
      throw noSuchUpload(uploadId);
    }
    const path = join(dir, String(Number(partNumber)));
    const written = await writeWhole(content, path);
    await writeFile(`${path}.md5`, written.md5);
    return written;
  };
  // s3rver's last middleware is its router; the ones before encode XML and resolve the bucket.
  internals.middleware.splice(internals.middleware.length - 1, 0, multipart);
}
