import type { StoredChapter, StoredRange } from './edit.table';
import { AppError } from '../platform/app-error';
import { MAX_WEBVTT_BYTES } from '@stream/proto';

export const MAX_KEPT_RANGES = 100;
/** A kept range shorter than this is a slip of the mouse, not an edit. */
export const MIN_RANGE_SECONDS = 0.1;
/** Ranges this close to the edges of the video are taken to reach them. */
const EDGE_SECONDS = 0.05;
export const MIN_PLAYBACK_RATE = 0.5;
export const MAX_PLAYBACK_RATE = 2;
export const MAX_CHAPTERS = 100;
export const MAX_CHAPTER_TITLE = 200;

/** Nothing a person records is longer than a day; chapter times past it are mistakes. */
const MAX_SECONDS = 24 * 3600;

const invalid = (message: string) => new AppError('invalid_argument', message);
const at = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The kept ranges of an edit of a `durationSeconds` video, checked: at least one, each within the
 * video, at least MIN_RANGE_SECONDS long, in order and apart (touching ones are joined). Null when
 * they keep the whole video, which is no edit at all.
 */
export function keptRanges(ranges: readonly StoredRange[], durationSeconds: number): StoredRange[] | null {
  if (ranges.length === 0) throw invalid('kept_ranges must hold at least one range');
  if (ranges.length > MAX_KEPT_RANGES) throw invalid(`kept_ranges must hold at most ${MAX_KEPT_RANGES} ranges`);
  const kept: StoredRange[] = [];
  for (const [index, range] of ranges.entries()) {
    const { start, end } = range;
    if (!Number.isFinite(start) || !Number.isFinite(end)) throw invalid(`kept_ranges[${index}] must be finite`);
    if (start < 0) throw invalid(`kept_ranges[${index}] starts before the video`);
    if (start >= durationSeconds) throw invalid(`kept_ranges[${index}] starts after the video ends`);
    if (end - start < MIN_RANGE_SECONDS)
      throw invalid(`kept_ranges[${index}] must be at least ${MIN_RANGE_SECONDS} s long and end after it starts`);
    const previous = kept.at(-1);
    if (previous && start < previous.end) throw invalid(`kept_ranges[${index}] overlaps or precedes the one before`);
    const clipped = { start: at(start <= EDGE_SECONDS ? 0 : start), end: at(Math.min(end, durationSeconds)) };
    if (previous && clipped.start <= previous.end) previous.end = clipped.end;
    else kept.push(clipped);
  }
  const whole = kept.length === 1 && kept[0]!.start === 0 && kept[0]!.end >= durationSeconds - EDGE_SECONDS;
  return whole ? null : kept;
}

/** The kept ranges of an edit keeping the whole video (one that only blurs). */
export const wholeVideo = (durationSeconds: number): StoredRange[] => [{ start: 0, end: at(durationSeconds) }];

/** Chapters sorted by time, each at a time within a day and with a title of 1 to MAX_CHAPTER_TITLE characters. */
export function chapters(list: readonly StoredChapter[]): StoredChapter[] {
  if (list.length > MAX_CHAPTERS) throw invalid(`chapters must hold at most ${MAX_CHAPTERS} entries`);
  return list
    .map((chapter, index) => {
      const title = chapter.title.trim();
      if (!Number.isFinite(chapter.seconds) || chapter.seconds < 0 || chapter.seconds > MAX_SECONDS)
        throw invalid(`chapters[${index}] must be at a time from 0 to ${MAX_SECONDS} seconds`);
      if (!title) throw invalid(`chapters[${index}] needs a title`);
      if (title.length > MAX_CHAPTER_TITLE || title.includes('\0'))
        throw invalid(`chapters[${index}] title must be at most ${MAX_CHAPTER_TITLE} characters`);
      return { seconds: at(chapter.seconds), title };
    })
    .sort((a, b) => a.seconds - b.seconds);
}

/** A default speed: 0 clears it (normal speed), else 0.5 to 2. */
export function playbackRate(rate: number): number | null {
  if (rate === 0) return null;
  if (!Number.isFinite(rate) || rate < MIN_PLAYBACK_RATE || rate > MAX_PLAYBACK_RATE)
    throw invalid(`default_playback_rate must be 0 (normal) or from ${MIN_PLAYBACK_RATE} to ${MAX_PLAYBACK_RATE}`);
  return rate;
}

/** A WebVTT file's text: starts with "WEBVTT" and fits in MAX_WEBVTT_BYTES. */
export function webvtt(text: string): string {
  if (Buffer.byteLength(text) > MAX_WEBVTT_BYTES) throw invalid('webvtt must be at most 1 MiB');
  if (!/^(\uFEFF)?WEBVTT(\s|$)/.test(text)) throw invalid('webvtt must be a WebVTT file (starting with "WEBVTT")');
  if (text.includes('\0')) throw invalid('webvtt must not contain NUL characters');
  return text;
}
