/**
 * MP4 with H.264 and AAC: what plays everywhere as recorded (Safari, phones, link previews), so the
 * server only copies it. Safari's MediaRecorder names its type with the profile.
 */
export const mp4Candidates = ['video/mp4;codecs=avc1.42E01E,mp4a.40.2', 'video/mp4;codecs=avc1,mp4a.40.2'] as const;

/**
 * WebM with VP9 or VP8 video and Opus audio, in that order of preference. H.264 in WebM is never
 * chosen: Chromium claims `video/webm;codecs=h264` but hung when recording it (docs/toolchain.md,
 * Browser and media).
 */
export const webmCandidates = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus'] as const;

/**
 * The last resort, for a browser that records MP4 but neither AAC nor WebM: H.264 with Opus (what
 * Chromium's MP4 recorder writes, docs/toolchain.md "Third wave, measured here"); the server keeps the
 * H.264 and encodes the sound to AAC. Below WebM: a WebM recording is cut by copying (an H.264 one
 * is re-encoded whole when edited) and plays in every browser that records it.
 */
export const mp4OpusCandidates = ['video/mp4;codecs=avc1,opus'] as const;

/** Every type the recorder asks about, best first (MP4 where the browser records it: it plays everywhere). */
export const recordingTypes = [...mp4Candidates, ...webmCandidates, ...mp4OpusCandidates] as const;

export function chooseMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return recordingTypes.find((type) => isTypeSupported(type)) ?? null;
}

/** The file extension a recording of `mimeType` is saved with: `mp4` or `webm`. */
export function recordingExtension(mimeType: string): 'mp4' | 'webm' {
  return mimeType.trim().toLowerCase().startsWith('video/mp4') ? 'mp4' : 'webm';
}
