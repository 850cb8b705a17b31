// A picture's format and size read from its first bytes, without decoding it: ffprobe decodes the
// whole picture to describe it (2.8 s and 190 MB of memory for a 7000×7000 PNG of 143 KB), so the
// size is known here before any tool runs, and the tool is told which format to read.

export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

export interface PictureHeader {
  format: PictureFormat;
  width: number;
  height: number;
  /** JPEG only: baseline (or extended) DCT, which ffmpeg can decode at 1/2, 1/4 or 1/8 of its size. */
  scalableJpeg?: boolean;
}

const text = (b: Buffer, offset: number, value: string) =>
  b.subarray(offset, offset + value.length).toString('latin1') === value;

/** The format its magic names, or undefined for anything else. */
export function pictureFormat(head: Uint8Array): PictureFormat | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (text(b, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (text(b, 0, 'GIF87a') || text(b, 0, 'GIF89a')) return 'gif';
  if (text(b, 0, 'RIFF') && text(b, 8, 'WEBP')) return 'webp';
  if (text(b, 0, 'BM')) return 'bmp';
  return undefined;
}

/**
 * The format and size `bytes` declare; undefined when the magic is not a picture's or the header
 * is cut short or malformed (the picture is then not readable).
 */
export function readPictureHeader(bytes: Uint8Array): PictureHeader | undefined {
  const format = pictureFormat(bytes.subarray(0, 16));
  if (!format) return undefined;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sized = (width: number, height: number, extra: Partial<PictureHeader> = {}) =>
    width > 0 && height > 0 ? { format, width, height, ...extra } : undefined;
  try {
    switch (format) {
      case 'png':
        return text(b, 12, 'IHDR') ? sized(b.readUInt32BE(16), b.readUInt32BE(20)) : undefined;
      case 'gif':
        return sized(b.readUInt16LE(6), b.readUInt16LE(8));
      case 'bmp':
        // A negative height is a top-down bitmap.
        return sized(Math.abs(b.readInt32LE(18)), Math.abs(b.readInt32LE(22)));
      case 'webp':
        return webpSize(b, sized);
      case 'jpeg':
        return jpegSize(b, sized);
    }
  } catch {
    return undefined; // a read past the end: the header is cut short
  }
}

type Sized = (width: number, height: number, extra?: Partial<PictureHeader>) => PictureHeader | undefined;

function webpSize(b: Buffer, sized: Sized): PictureHeader | undefined {
  const chunk = b.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') return sized(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return sized(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  return undefined;
}

/** Walks the JPEG's segments to its first start-of-frame (SOF0…SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Buffer, sized: Sized): PictureHeader | undefined {
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2; // no length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // the picture starts before its size
    const length = b.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return sized(b.readUInt16BE(offset + 7), b.readUInt16BE(offset + 5), { scalableJpeg: marker <= 0xc1 });
    offset += 2 + length;
  }
  return undefined;
}
