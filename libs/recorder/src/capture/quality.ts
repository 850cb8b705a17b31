/**
 * Resolution cap, frame rate and bitrate of a recording, and what a minute of it weighs. The
 * bitrates are what VP9/VP8 need for screen content to stay sharp at that size (text is the hard
 * part); the estimate is that bitrate plus Opus at 128 kbit/s.
 */
export type Resolution = '720p' | '1080p' | 'source';
export type FrameRate = 30 | 60;

export interface Quality {
  readonly resolution: Resolution;
  readonly frameRate: FrameRate;
}

export const defaultQuality: Quality = { resolution: '1080p', frameRate: 30 };

const audioBitsPerSecond = 128_000;

/** Video bits per second for a quality ("source" is budgeted as 1440p). */
export function videoBitsPerSecond(quality: Quality): number {
  const base = quality.resolution === '720p' ? 2_500_000 : quality.resolution === '1080p' ? 5_000_000 : 8_000_000;
  return quality.frameRate === 60 ? Math.round(base * 1.5) : base;
}

/** Estimated megabytes (10^6 bytes) per minute of recording, rounded to whole MB. */
export function estimatedMbPerMinute(quality: Quality): number {
  return Math.round(((videoBitsPerSecond(quality) + audioBitsPerSecond) * 60) / 8 / 1_000_000);
}

/** The video constraints for getDisplayMedia / getUserMedia: a height cap and a frame rate. */
export function videoConstraints(quality: Quality | undefined): MediaTrackConstraints | true {
  if (!quality) return true;
  const height = quality.resolution === '720p' ? 720 : quality.resolution === '1080p' ? 1080 : undefined;
  return {
    frameRate: { ideal: quality.frameRate, max: quality.frameRate },
    ...(height ? { height: { max: height } } : {}),
  };
}
