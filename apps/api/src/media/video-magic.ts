const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The box types an ISO base media file (MP4, MOV, 3GP) may begin with, at bytes 4-8. */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** How many first bytes `videoContainerOf` needs. */
export const VIDEO_MAGIC_LENGTH = 8;

/** The video containers Stream takes (issue 29), as named to a person refused one. */
export const ACCEPTED_CONTAINERS = 'WebM, MKV, MP4 or MOV';

/**
 * The container a file's first bytes announce: 'matroska' (WebM, MKV: the EBML magic), 'isobmff'
 * (MP4, MOV: a box type at bytes 4-8), or undefined for anything else (a text file renamed .mp4).
 * Only a first sieve: processing probes the whole file.
 */
export function videoContainerOf(head: Buffer): 'matroska' | 'isobmff' | undefined {
  if (head.length >= EBML_MAGIC.length && head.subarray(0, EBML_MAGIC.length).equals(EBML_MAGIC)) return 'matroska';
  if (head.length >= VIDEO_MAGIC_LENGTH && FIRST_BOXES.has(head.toString('latin1', 4, 8))) return 'isobmff';
  return undefined;
}
