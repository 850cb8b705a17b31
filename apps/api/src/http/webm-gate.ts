import { Transform, type TransformCallback } from 'node:stream';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export class UploadRejection extends Error {
  constructor(
    readonly status: 413 | 415 | 400 | 499,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejection';
  }
}

/**
 * Passes an upload through while checking it: the first bytes must be the EBML magic of a WebM
 * file (415 otherwise), and the total must stay within `maxBytes` (413 otherwise). Nothing is
 * held back beyond the first four bytes.
 */
export class WebmGate extends Transform {
  bytes = 0;
  private head: Buffer | undefined = Buffer.alloc(0);

  constructor(
    private readonly maxBytes: number,
    highWaterMark?: number,
  ) {
    super({ highWaterMark });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new UploadRejection(413, 'Video file is too large'));
      return;
    }
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < EBML_MAGIC.length) return callback();
      if (!this.head.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC)) {
        callback(new UploadRejection(415, 'Not a WebM file'));
        return;
      }
      chunk = this.head;
      this.head = undefined;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.head) callback(new UploadRejection(415, 'Not a WebM file'));
    else callback();
  }
}
