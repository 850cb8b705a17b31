// Node only: reads a zip the API answered (the account export) in API and browser tests.
import yauzl from 'yauzl';

export interface ZipEntry {
  bytes: Buffer;
  /** 0 stored, 8 deflated. */
  compressionMethod: number;
}

/** Every file of the zip in `bytes`, by name (yauzl checks each entry's CRC as it reads it). */
export function readZip(bytes: Buffer): Promise<Map<string, ZipEntry>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, ZipEntry>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, { bytes: Buffer.concat(chunks), compressionMethod: entry.compressionMethod });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
