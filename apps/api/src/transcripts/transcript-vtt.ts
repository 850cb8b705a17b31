/** A line of a transcript as captions are made from it. */
export interface CaptionLine {
  start: number;
  end: number;
  text: string;
}

/** `hh:mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SubRip). */
function timestamp(seconds: number, separator: '.' | ','): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** A cue's text may not hold a blank line or `-->`; `<` and `&` would be markup. */
const cueText = (text: string) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/-->/g, '→')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');

/** The transcript as WebVTT captions, one cue per line (a cue lasts at least a tenth of a second). */
export function toWebVtt(lines: readonly CaptionLine[]): string {
  const cues = lines.map(
    (line) =>
      `${timestamp(line.start, '.')} --> ${timestamp(Math.max(line.end, line.start + 0.1), '.')}\n${cueText(line.text)}`,
  );
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}
