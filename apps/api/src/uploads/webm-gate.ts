import { Transform, type TransformCallback } from 'node:stream';
import { ACCEPTED_CONTAINERS, VIDEO_MAGIC_LENGTH, videoContainerOf } from '../videos';

const NOT_A_VIDEO = `Not a video file: Stream takes ${ACCEPTED_CONTAINERS}`;

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
 * Passes an upload through while checking it: the first bytes must announce a video container
 * Stream takes (WebM/MKV's EBML magic, or an MP4/MOV box; 415 otherwise), and the total must stay
 * within `maxBytes` (413 otherwise). Nothing is held back beyond the first eight bytes.
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
      const known = videoContainerOf(this.head) !== undefined;
      if (!known && this.head.length < VIDEO_MAGIC_LENGTH) return callback();
      if (!known) {
        callback(new UploadRejection(415, NOT_A_VIDEO));
        return;
      }
      chunk = this.head;
      this.head = undefined;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.head) callback(new UploadRejection(415, NOT_A_VIDEO));
    else callback();
  }
}
