import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertValidBlobKey } from './blob-key';
import { BlobNotFoundError, type BlobInfo, type BlobStore, type ByteRange, type OpenedBlob } from './blob-store';
import { assertRangeFits } from './byte-range';

/**
 * The client settings of a store's bucket: endpoint, region, credentials, path style, and checksums
 * only where the API requires them (see docs/toolchain.md, S3). Shared by every S3 client of the API.
 */
export function s3ClientConfig(options: S3BlobStoreOptions): S3ClientConfig {
  const config: S3ClientConfig = {
    region: options.region ?? 'us-east-1',
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  return config;
}

export interface S3BlobStoreOptions {
  bucket: string;
  /** Endpoint of an S3-compatible server (MinIO, R2, s3rver); AWS when absent. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Optional prefix inside the bucket, without a trailing slash. */
  prefix?: string;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Blobs as objects in an S3-compatible bucket. Puts go through lib-storage's multipart Upload, so
 * a large upload streams in 8 MiB parts and is never held whole in memory; a failed or aborted
 * multipart upload is aborted, leaving no object. Checksums are sent only when the API requires
 * them: S3-compatible servers otherwise store the aws-chunked framing as data (see docs/toolchain.md, S3).
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.client = new S3Client(s3ClientConfig(options));
  }

  async put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<{ size: number }> {
    body.on('error', () => undefined); // as in LocalBlobStore.put: the pipeline reports it
    const objectKey = this.objectKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const piping = pipeline(body, counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: objectKey, Body: counted, ContentType: options.contentType },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    try {
      // The body's own failure (a client that hung up) must fail the put even if lib-storage
      // would treat the truncated stream as a finished one.
      await Promise.all([upload.done(), piping]);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      body.destroy();
      throw error;
    }
    return { size };
  }

  private async head(key: string): Promise<{ info: BlobInfo; etag?: string } | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return {
        info: { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) },
        etag: head.ETag,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async open(key: string): Promise<OpenedBlob | undefined> {
    const head = await this.head(key);
    if (!head) return undefined;
    const { info, etag } = head;
    const get = async (range: ByteRange | undefined) => {
      if (range) assertRangeFits(key, range, info.size);
      return this.get(key, range, etag);
    };
    return {
      info,
      // Used at once by the web server in front (nginx), never shown to a client: a minute is plenty.
      handOff: async () => ({ kind: 'url', url: new URL(await this.presignRead(key, 60)) }),
      writeTo: async (destination, range) => pipeline(await get(range), destination),
      stream: get,
    };
  }

  /** GetObject of a fitting range; `etag` pins the version (servers that honour If-Match). */
  private async get(key: string, range: ByteRange | undefined, etag?: string): Promise<Readable> {
    const objectKey = this.objectKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: objectKey,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          IfMatch: etag,
        }),
      );
      const body = result.Body as Readable;
      if (!range) return body;
      const wanted = range.end - range.start + 1;
      if (result.ContentLength === wanted) return body;
      // Some S3-compatible servers (s3rver) read `bytes=0-0` as the whole object: keep the prefix.
      if (range.start === 0 && (result.ContentLength ?? 0) > wanted) return takeBytes(body, wanted);
      body.destroy();
      throw new Error(`S3 answered ${result.ContentLength} bytes for range ${range.start}-${range.end} of ${key}`);
    } catch (error) {
      // 412: the object changed since it was opened; that version is gone.
      if (isMissing(error) || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412)) {
        throw new BlobNotFoundError(key);
      }
      throw error;
    }
  }

  /**
   * CopyObject inside the bucket: the server copies, no byte passes through Node. S3 copies at
   * most 5 GiB this way (docs/toolchain.md, S3); the API's uploads stay below (MAX_UPLOAD_BYTES).
   */
  async copy(source: string, key: string, options: { contentType: string }): Promise<{ size: number }> {
    const { bucket } = this.options;
    const from = `${bucket}/${this.objectKey(source)}`.split('/').map(encodeURIComponent).join('/');
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: this.objectKey(key),
          CopySource: from,
          MetadataDirective: 'REPLACE',
          ContentType: options.contentType,
        }),
      );
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(source);
      throw error;
    }
    const head = await this.head(key);
    if (!head) throw new BlobNotFoundError(key);
    return { size: head.info.size };
  }

  async download(key: string, path: string): Promise<void> {
    await pipeline(await this.get(key, undefined), createWriteStream(path));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  /** A presigned GetObject URL (SigV4 query signing, at most 7 days). */
  async presignRead(key: string, expiresInSeconds: number): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) });
    return getSignedUrl(this.client, command, { expiresIn: Math.min(expiresInSeconds, 7 * 24 * 3600) });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    const own = this.options.prefix ? `${this.options.prefix}/` : '';
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: own + prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(own.length), lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Nothing to do here: a failed put aborts its multipart upload, and the parts of one cut short
   * by a crash are the bucket's to expire (an AbortIncompleteMultipartUpload lifecycle rule).
   */
  async sweep(): Promise<number> {
    return 0;
  }

  private objectKey(key: string): string {
    assertValidBlobKey(key);
    return this.options.prefix ? `${this.options.prefix}/${key}` : key;
  }
}

/** The first `count` bytes of `source`; the rest is not read. */
function takeBytes(source: Readable, count: number): Readable {
  let left = count;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (left <= 0) return callback();
      const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
      left -= part.length;
      this.push(part);
      if (left === 0) {
        this.push(null);
        source.unpipe(limited);
        source.destroy();
      }
      callback();
    },
  });
  source.on('error', (error) => limited.destroy(error));
  return source.pipe(limited);
}
