import { open } from 'node:fs/promises';

/** A PNG's width and height, from its header (IHDR: bytes 16 to 24, big-endian). */
export async function pngSize(file: string): Promise<{ width: number; height: number }> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(24);
    await handle.read(header, 0, 24, 0);
    return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
  } finally {
    await handle.close();
  }
}
