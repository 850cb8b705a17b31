const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The box types an ISO base media file (MP4, MOV, 3GP) may begin with, at bytes 4-8. */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** How many first bytes `videoContainerOf` needs. */
export const VIDEO_MAGIC_LENGTH = 8;

/** The video containers Stream takes, as named to a person refused one. */
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

/** How many first bytes `videoContentTypeOf` reads: Matroska's DocType sits within the first 40 or so. */
export const VIDEO_TYPE_HEAD_LENGTH = 64;

const DOC_TYPE_ID = Buffer.from([0x42, 0x82]);

/**
 * The media type a file's first bytes (`VIDEO_TYPE_HEAD_LENGTH` of them) announce, so an upload
 * keeps its own type: a Matroska file's DocType tells WebM from MKV, an ISO file's `ftyp` brand
 * `qt  ` (or a first box other than `ftyp`, as old QuickTime files have) tells MOV from MP4.
 * Anything else (the upload routes refuse it before it gets here) is taken for a WebM, the recorder's.
 */
export function videoContentTypeOf(head: Buffer): string {
  const container = videoContainerOf(head);
  if (container === 'matroska') return matroskaDocType(head) === 'matroska' ? 'video/x-matroska' : 'video/webm';
  if (container === 'isobmff') {
    const firstBox = head.toString('latin1', 4, 8);
    if (firstBox !== 'ftyp') return 'video/quicktime';
    return head.toString('latin1', 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  return 'video/webm';
}

/** The EBML header's DocType string, when its element (ID 0x4282, a one-byte size) is in `head`. */
function matroskaDocType(head: Buffer): string | undefined {
  const at = head.indexOf(DOC_TYPE_ID, EBML_MAGIC.length);
  const size = head[at + 2];
  if (at < 0 || size === undefined || (size & 0x80) === 0) return undefined;
  const start = at + 3;
  return head.toString('latin1', start, start + (size & 0x7f));
}
