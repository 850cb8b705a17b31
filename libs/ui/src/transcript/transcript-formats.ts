/** A transcript line as the files are made from it. */
export interface TranscriptFileLine {
  start: number;
  end: number;
  text: string;
  /** Its words where the engine timed them; `uncertain`: the engine itself doubted the word. */
  words?: ReadonlyArray<{ word: string; uncertain?: boolean }>;
}

/**
 * What the line says, the words the engine doubted left out (as the server's search and captions
 * leave them out); the line's own text where it doubted none.
 */
export function certainText(line: TranscriptFileLine): string {
  if (!line.words?.some((word) => word.uncertain)) return line.text;
  return line.words
    .filter((word) => !word.uncertain)
    .map((word) => word.word.trim())
    .filter(Boolean)
    .join(' ');
}

/** The lines as the downloads hold them: only what the engine was sure of, no line left empty. */
export const certainLines = (lines: readonly TranscriptFileLine[]): TranscriptFileLine[] =>
  lines.map((line) => ({ start: line.start, end: line.end, text: certainText(line) })).filter((line) => line.text);

function clock(seconds: number, separator: '.' | ','): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** WebVTT, one cue a line. */
export function toVtt(lines: readonly TranscriptFileLine[]): string {
  const cues = lines.map(
    (line) => `${clock(line.start, '.')} --> ${clock(line.end, '.')}\n${oneLine(line.text).replace(/-->/g, '→')}`,
  );
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}

/** SubRip: numbered cues, a comma before the milliseconds. */
export function toSrt(lines: readonly TranscriptFileLine[]): string {
  return lines
    .map((line, i) => `${i + 1}\n${clock(line.start, ',')} --> ${clock(line.end, ',')}\n${oneLine(line.text)}\n`)
    .join('\n');
}

/** Plain text, a line of the transcript a line of the file. */
export function toTxt(lines: readonly TranscriptFileLine[]): string {
  return lines.map((line) => oneLine(line.text)).join('\n') + '\n';
}

/** The line playing at `time`: the last one started by then, while it lasts or until the next starts. */
export function currentLineIndex(lines: readonly TranscriptFileLine[], time: number): number {
  let found = -1;
  for (const [i, line] of lines.entries()) {
    if (line.start <= time + 0.05) found = i;
    else break;
  }
  return found;
}
