import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore, OpenedBlob } from '../storage/blob-store';
import { DecodeSlots } from './decode-slots';
import { MediaToolError, runFfmpeg } from './media-tool';
import { pictureFormat, readPictureHeader, type PictureFormat, type PictureHeader } from './picture-header';

/** A profile photo is stored as a square JPEG this many pixels wide (a top bar shows it at 32). */
export const PHOTO_PIXELS = 256;
/**
 * The largest picture decoded whole (a 4096×4096 PNG: 64 MB of pixels, under a second): a larger
 * one is refused before any tool runs. A 7000×7000 PNG of 143 KB took 4.5 s and 220 MB to decode.
 */
const MAX_DECODED_PIXELS = 4096 * 4096;
/**
 * A baseline JPEG (what cameras and phones write) is decoded at 1/2, 1/4 or 1/8 of its size, so
 * it may be larger: a 7000×7000 one decodes at 875×875 in 0.4 s and 60 MB.
 */
const MAX_SCALED_JPEG_PIXELS = 50_000_000;
const megapixels = (pixels: number) => `${Math.floor(pixels / 1_000_000)} megapixels`;
/** The demuxer for each format: ffmpeg reads the bytes as what their magic says, never guesses. */
const DEMUXERS: Record<PictureFormat, string> = {
  png: 'png_pipe',
  jpeg: 'jpeg_pipe',
  gif: 'gif',
  webp: 'webp_pipe',
  bmp: 'bmp_pipe',
};
/** Decodes run below the API's own priority: a picture waits, a page does not. */
const DECODE_NICENESS = 10;

/** The bytes are not a picture ffmpeg can read (or one too large to decode safely). */
export class NotAnImageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'NotAnImageError';
  }
}

/** Whether `head` starts like a PNG, JPEG, GIF, WebP or BMP file. */
export const looksLikeImage = (head: Uint8Array): boolean => pictureFormat(head) !== undefined;

export interface ProfilePhotoFilesDeps {
  store: BlobStore;
  ffmpegPath: string;
  /** Where the picture and its square copy wait while ffmpeg works. */
  scratchDir: string;
  toolTimeoutMs?: number;
  /** How many pictures are decoded at once across the process, and how many may wait. */
  decodes?: DecodeSlots;
}

/**
 * Profile photos as blobs: a picture is checked (its first bytes name a format, its
 * header a size it is safe to decode), decoded by ffmpeg as that format at a bounded size, one or
 * two at a time (DecodeSlots), cropped to its centre square and scaled to PHOTO_PIXELS, and stored
 * under `photos/<random id>.jpg` (the key names nobody).
 */
export class ProfilePhotoFiles {
  private readonly decodes: DecodeSlots;

  constructor(private readonly deps: ProfilePhotoFilesDeps) {
    this.decodes = deps.decodes ?? new DecodeSlots();
  }

  /** Stores the square photo made from `bytes`; answers its id. Throws NotAnImageError, DecodeBusyError. */
  async make(bytes: Uint8Array): Promise<string> {
    if (!looksLikeImage(bytes.subarray(0, 16)))
      throw new NotAnImageError('The file is not a PNG, JPEG, GIF, WebP or BMP picture');
    const header = readPictureHeader(bytes);
    if (!header) throw new NotAnImageError('The picture could not be read (it is damaged or incomplete)');
    const maxPixels = header.scalableJpeg ? MAX_SCALED_JPEG_PIXELS : MAX_DECODED_PIXELS;
    if (header.width * header.height > maxPixels)
      throw new NotAnImageError(
        `The picture is too large to read (${header.width}×${header.height}; at most ${megapixels(maxPixels)})`,
      );
    return this.decodes.run(() => this.square(bytes, header, maxPixels));
  }

  open(id: string): Promise<OpenedBlob | undefined> {
    return this.deps.store.open(keyOf(id));
  }

  delete(id: string): Promise<void> {
    return this.deps.store.delete(keyOf(id));
  }

  private async square(bytes: Uint8Array, header: PictureHeader, maxPixels: number): Promise<string> {
    await mkdir(this.deps.scratchDir, { recursive: true });
    const dir = await mkdtemp(join(this.deps.scratchDir, 'photo-'));
    try {
      const source = join(dir, 'source');
      const square = join(dir, 'square.jpg');
      await writeFile(source, bytes);
      const side = 'min(iw\\,ih)';
      await runFfmpeg(
        this.deps.ffmpegPath,
        [
          // The decoder refuses more pixels than the header promised (a header that lies), and
          // uses one thread: a decode takes at most one core.
          ...['-max_pixels', String(maxPixels), '-threads', '1', ...jpegScale(header)],
          ...['-f', DEMUXERS[header.format], '-i', source],
          ...['-frames:v', '1', '-filter_threads', '1'],
          ...['-vf', `crop=${side}:${side},scale=${PHOTO_PIXELS}:${PHOTO_PIXELS}`, '-q:v', '3', square],
        ],
        { timeoutMs: this.deps.toolTimeoutMs ?? 30_000, niceness: DECODE_NICENESS },
      ).catch((error: unknown) => {
        throw error instanceof MediaToolError && !error.timedOut
          ? new NotAnImageError('The picture could not be read (it is damaged or not what it claims to be)', {
              cause: error,
            })
          : error;
      });
      const id = randomBytes(16).toString('base64url');
      await this.deps.store.put(keyOf(id), createReadStream(square), { contentType: 'image/jpeg' });
      return id;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/**
 * `-lowres k` for a baseline JPEG whose shorter side stays at least PHOTO_PIXELS at 1/2^k of its
 * size: the decoder then skips most of the work and memory of the full picture.
 */
function jpegScale(header: PictureHeader): string[] {
  if (!header.scalableJpeg) return [];
  let lowres = 0;
  while (lowres < 3 && Math.min(header.width, header.height) >> (lowres + 1) >= PHOTO_PIXELS) lowres++;
  return lowres ? ['-lowres', String(lowres)] : [];
}

/** A photo id is what `make` answers: 22 base64url characters. */
export const isPhotoId = (id: string) => /^[A-Za-z0-9_-]{22}$/.test(id);
const keyOf = (id: string) => `photos/${id}.jpg`;
