import type { Readable, Writable } from 'node:stream';

/** An inclusive byte range, as HTTP Range requests name them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobInfo {
  size: number;
  lastModified: Date;
}

/**
 * One version of a blob, opened for reading: every read answers that version's bytes, or rejects
 * with BlobNotFoundError once that version is gone, never with bytes of a newer one. Rejects with
 * InvalidRangeError when a range does not fit `info.size`.
 */
export interface OpenedBlob {
  readonly info: BlobInfo;
  /** The whole blob or an inclusive range of it, streamed. */
  stream(range?: ByteRange): Promise<Readable>;
  /**
   * Writes the whole blob or an inclusive range of it to `destination` (an HTTP response) and
   * ends it; resolves once everything is written. Rejects with BlobNotFoundError before writing
   * anything when the version is gone, and with an error if `destination` closes early. The
   * cheapest way to serve bytes: the local store reads into buffers it reuses.
   */
  writeTo(destination: Writable, range?: ByteRange): Promise<void>;
  /**
   * Where a web server in front of the API can read this version itself, for an internal redirect
   * (ACCEL_REDIRECT): the key, relative to the store's directory, or a short-lived URL of the store.
   */
  handOff?(): Promise<BlobHandOff>;
}

export type BlobHandOff = { kind: 'file'; key: string } | { kind: 'url'; url: URL };

/**
 * Where video and thumbnail bytes live: a local directory by default, an S3-compatible bucket in
 * production. Keys are relative, slash-separated names such as `videos/<id>/original.webm`;
 * implementations reject anything else (absolute paths, `..`, empty segments).
 */
export interface BlobStore {
  /** Streams `body` into `key`, replacing it. Resolves with the stored size once durable. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * The blob's current version, to read one or more ranges of (HTTP streaming: the size and time
   * answer the validators, the reads the body), or undefined when there is no such blob.
   */
  open(key: string): Promise<OpenedBlob | undefined>;
  /**
   * Makes the local file at `path` the blob `key`, by a rename where the store is a directory on
   * the same disk (no copy): the file is gone from `path` afterwards. With `keep`, a hard link
   * instead, and the file stays at `path` too (the caller removes it once it no longer needs a
   * way back). Absent on stores that cannot (S3): the caller then `put`s the file.
   */
  moveIn?(key: string, path: string, options?: { keep?: boolean }): Promise<{ size: number }>;
  /**
   * Makes `key` a copy of the blob `source` inside the store, without the bytes passing through
   * this process (S3 CopyObject), with `contentType`; resolves with its size. Absent on stores
   * that cannot (local disk, where a file is hard-linked in with `moveIn` instead).
   */
  copy?(source: string, key: string, options: { contentType: string }): Promise<{ size: number }>;
  /** Copies `key` to a local file (for ffmpeg). */
  download(key: string, path: string): Promise<void>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what writes cut short by a crash left behind (partial files of processes no longer
   * running, folders left empty); resolves with how many entries went.
   */
  sweep(): Promise<number>;
  /** Every stored blob whose key starts with `prefix` (partial files excepted), in no order. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /**
   * A URL that serves `key` (with Range support) straight from the store for `expiresInSeconds`,
   * for stores that can mint one (S3); absent otherwise.
   */
  presignRead?(key: string, expiresInSeconds: number): Promise<string>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob at ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export class InvalidBlobKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid blob key: ${JSON.stringify(key)}`);
    this.name = 'InvalidBlobKeyError';
  }
}

/** A range that does not fit the blob: negative, reversed, fractional or past its end. */
export class InvalidRangeError extends Error {
  constructor(
    readonly key: string,
    readonly range: ByteRange,
    readonly size: number,
  ) {
    super(`Range ${range.start}-${range.end} does not fit ${key} (${size} bytes)`);
    this.name = 'InvalidRangeError';
  }
}
