/** A timestamped note on a video: where it starts and what it is. */
export interface ChapterMark {
  seconds: number;
  title: string;
}

const TIME_LINE = /^\s*(?:(\d+):)?(\d{1,2}):(\d{2})\s+[-–—:]?\s*(.+?)\s*$/;

/**
 * The chapters a description holds: each line that starts with a time (`1:23 Intro`,
 * `0:42 - Here is the bug`, `1:02:03 Outro`), as the video sites people know read them.
 */
export function chaptersFromDescription(description: string): ChapterMark[] {
  const chapters: ChapterMark[] = [];
  for (const line of description.split('\n')) {
    const match = TIME_LINE.exec(line);
    if (!match) continue;
    const [, hours, minutes, seconds, title] = match;
    if (Number(seconds) >= 60 || (hours !== undefined && Number(minutes) >= 60)) continue;
    chapters.push({ seconds: Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds), title: title! });
  }
  return chapters;
}

/** The owner's chapters and the description's, in time order, within the video, one per moment. */
export function mergeChapters(
  stored: readonly ChapterMark[],
  fromDescription: readonly ChapterMark[],
  duration: number,
): ChapterMark[] {
  const all = [...stored, ...fromDescription]
    .filter((chapter) => !(duration > 0) || chapter.seconds < duration)
    .sort((a, b) => a.seconds - b.seconds);
  return all.filter((chapter, index) => index === 0 || Math.abs(chapter.seconds - all[index - 1]!.seconds) >= 0.5);
}
