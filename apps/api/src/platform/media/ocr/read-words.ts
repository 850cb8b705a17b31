import { runMediaTool } from '../media-tool';

/** A word tesseract read, with its box in pixels and the line it belongs to. */
export interface ReadWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Words of one line share it (block, paragraph and line numbers). */
  line: string;
}

/** A line of words in reading order. */
export type ReadLine = ReadWord[];

/**
 * The lines of words in tesseract's TSV (`tesseract image - tsv`): a header, then one row per page,
 * block, paragraph, line and word (level 5); only words with text and a confidence are kept.
 */
export function parseTesseractTsv(tsv: string): ReadLine[] {
  const lines = new Map<string, ReadWord[]>();
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    const confidence = Number(cells[10]);
    if (!text || !(confidence >= 0)) continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number) as [number, number, number, number];
    const line = cells.slice(1, 5).join('.');
    const words = lines.get(line) ?? [];
    words.push({ text, left, top, width, height, line });
    lines.set(line, words);
  }
  return [...lines.values()];
}

/**
 * Reads an image with Debian's tesseract (English, a child process; nothing leaves the machine),
 * with its default page layout: on a test screen, sparse-text mode (`--psm 11`) lost a whole line
 * of digits and read "0132" as "O1".
 */
export async function readWords(tesseractPath: string, image: string, timeoutMs: number): Promise<ReadLine[]> {
  const tsv = await runMediaTool(tesseractPath, [image, '-', '-l', 'eng', 'tsv'], { timeoutMs });
  return parseTesseractTsv(tsv);
}
