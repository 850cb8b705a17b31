import type { ResolvedProcessingConfig } from './processing-config';

/**
 * Seconds a job that encodes a video (the MP4 rendition with its HLS rungs, an edit render) may
 * take per second of that video. Measured on 2 cores at load 15-45: an MP4 of 1080p screen content
 * 2.6× its length (bench/results/mp4-rendition.md), MP4 and HLS 2.4× (hls.md), a MOV transcode
 * 2.0× (mov-transcode.md); 4× leaves half as much again. A quiet machine needs about 0.5×.
 */
export const ENCODE_SECONDS_PER_VIDEO_SECOND = 4;

/**
 * Seconds an upload's processing may take per MiB of the file, on top of the configured timeout:
 * its length is not known until the job probes it, and pg-boss 10 cannot extend a running job's
 * expiry (nor would its worker wait longer than the expiry it fetched the job with). A 101 MB
 * ProRes Proxy MOV (41 s) was transcoded in 82 s on the loaded machine, 0.85 s per MiB
 * (mov-transcode.md); a phone's HEVC at 8 Mb/s is about four times as long per MiB, so about 2 s
 * per MiB at that speed: 4 s per MiB covers it twice. A 1 GiB upload gets the timeout + 68 min.
 * WebM recordings and H.264 files are only copied, well inside this.
 */
export const PROCESS_SECONDS_PER_MIB = 4;

/** pg-boss 10 refuses an expiry of 24 hours or more. */
export const MAX_JOB_SECONDS = 23 * 3600;

const bounded = (config: ResolvedProcessingConfig, seconds: number) =>
  Math.ceil(Math.min(MAX_JOB_SECONDS, Math.max(config.timeoutSeconds, seconds)));

/**
 * How long a rendition or edit job of a video `durationSeconds` long may run (its queue expiry):
 * never less than `PROCESSING_TIMEOUT_SECONDS`; that alone when the length is unknown.
 */
export function encodeJobSeconds(config: ResolvedProcessingConfig, durationSeconds?: number | null): number {
  const seconds = Number(durationSeconds);
  return bounded(config, Number.isFinite(seconds) && seconds > 0 ? seconds * ENCODE_SECONDS_PER_VIDEO_SECOND : 0);
}

/** How long the processing of an upload of `sizeBytes` may run: the timeout plus a time per MiB. */
export function processJobSeconds(config: ResolvedProcessingConfig, sizeBytes?: number | string | null): number {
  const bytes = Number(sizeBytes);
  const mib = Number.isFinite(bytes) && bytes > 0 ? bytes / 1024 ** 2 : 0;
  return bounded(config, config.timeoutSeconds + mib * PROCESS_SECONDS_PER_MIB);
}

/**
 * An attempt's own limit for a job that expires after `expireInSeconds`: a margin under it, so a
 * slow or hung ffmpeg is killed and the attempt fails itself before the queue expires it.
 */
export const attemptMs = (expireInSeconds: number): number => Math.max(1000, expireInSeconds * 900);
