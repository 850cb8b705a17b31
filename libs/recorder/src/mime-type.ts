/**
 * WebM with VP9 or VP8 video and Opus audio, in that order of preference. H.264 is never chosen:
 * Chromium claims `video/webm;codecs=h264` but hung when recording it (docs/toolchain.md, Browser and media), and the
 * product plays back VP8/VP9 + Opus.
 */
export const webmCandidates = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus'] as const;

export function chooseMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return webmCandidates.find((type) => isTypeSupported(type)) ?? null;
}
