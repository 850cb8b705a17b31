import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore, OpenedBlob } from '../storage/blob-store';
import { MediaToolError, runFfmpeg, runMediaTool } from './media-tool';

/** A profile photo is stored as a square JPEG this many pixels wide (a top bar shows it at 32). */
export const PHOTO_PIXELS = 256;
/** A larger picture is refused before it is decoded: ffmpeg would hold every pixel of it. */
const MAX_SOURCE_PIXELS = 50_000_000;
const PHOTO_CODECS = new Set(['png', 'mjpeg', 'gif', 'webp', 'bmp']);

/** The bytes are not a picture ffmpeg can read (or one too large to decode safely). */
export class NotAnImageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'NotAnImageError';
  }
}

/** Whether `head` starts like a PNG, JPEG, GIF, WebP or BMP file. */
export function looksLikeImage(head: Uint8Array): boolean {
  const b = Buffer.from(head);
  const at = (offset: number, text: string) => b.subarray(offset, offset + text.length).toString('latin1') === text;
  return (
    at(0, '\x89PNG\r\n\x1a\n') ||
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    at(0, 'GIF87a') ||
    at(0, 'GIF89a') ||
    (at(0, 'RIFF') && at(8, 'WEBP')) ||
    at(0, 'BM')
  );
}

export interface ProfilePhotoFilesDeps {
  store: BlobStore;
  ffmpegPath: string;
  ffprobePath: string;
  /** Where the picture and its square copy wait while ffmpeg works. */
  scratchDir: string;
  toolTimeoutMs?: number;
}

/**
 * Profile photos as blobs (issue 32): a picture is checked (its first bytes, then ffprobe names an
 * image codec and a size it is safe to decode), cropped to its centre square and scaled to
 * PHOTO_PIXELS by ffmpeg, and stored under `photos/<random id>.jpg` (the key names nobody).
 */
export class ProfilePhotoFiles {
  constructor(private readonly deps: ProfilePhotoFilesDeps) {}

  /** Stores the square photo made from `bytes`; answers its id. Throws NotAnImageError. */
  async make(bytes: Uint8Array): Promise<string> {
    if (!looksLikeImage(bytes.subarray(0, 16)))
      throw new NotAnImageError('The file is not a PNG, JPEG, GIF, WebP or BMP picture');
    await mkdir(this.deps.scratchDir, { recursive: true });
    const dir = await mkdtemp(join(this.deps.scratchDir, 'photo-'));
    try {
      const source = join(dir, 'source');
      const square = join(dir, 'square.jpg');
      await writeFile(source, bytes);
      await this.check(source);
      const side = 'min(iw\\,ih)';
      await runFfmpeg(
        this.deps.ffmpegPath,
        [
          '-i',
          source,
          '-frames:v',
          '1',
          '-vf',
          `crop=${side}:${side},scale=${PHOTO_PIXELS}:${PHOTO_PIXELS}`,
          '-q:v',
          '3',
          square,
        ],
        { timeoutMs: this.timeout },
      ).catch((error: unknown) => {
        throw error instanceof MediaToolError && !error.timedOut
          ? new NotAnImageError('The picture could not be read', { cause: error })
          : error;
      });
      const id = randomBytes(16).toString('base64url');
      await this.deps.store.put(keyOf(id), createReadStream(square), { contentType: 'image/jpeg' });
      return id;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  open(id: string): Promise<OpenedBlob | undefined> {
    return this.deps.store.open(keyOf(id));
  }

  delete(id: string): Promise<void> {
    return this.deps.store.delete(keyOf(id));
  }

  private get timeout() {
    return this.deps.toolTimeoutMs ?? 30_000;
  }

  private async check(source: string): Promise<void> {
    let output: string;
    try {
      output = await runMediaTool(
        this.deps.ffprobePath,
        ['-v', 'error', '-print_format', 'json', '-show_streams', source],
        { timeoutMs: this.timeout },
      );
    } catch (error) {
      if (error instanceof MediaToolError && !error.timedOut)
        throw new NotAnImageError('The picture could not be read', { cause: error });
      throw error;
    }
    const streams =
      (
        JSON.parse(output) as {
          streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
        }
      ).streams ?? [];
    const picture = streams.find((stream) => stream.codec_type === 'video');
    if (!picture || !PHOTO_CODECS.has(picture.codec_name ?? '')) throw new NotAnImageError('The file is not a picture');
    if (!picture.width || !picture.height || picture.width * picture.height > MAX_SOURCE_PIXELS)
      throw new NotAnImageError('The picture is too large to read (at most 50 megapixels)');
  }
}

/** A photo id is what `make` answers: 22 base64url characters. */
export const isPhotoId = (id: string) => /^[A-Za-z0-9_-]{22}$/.test(id);
const keyOf = (id: string) => `photos/${id}.jpg`;
