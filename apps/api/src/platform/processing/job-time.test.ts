import { describe, expect, it } from 'vitest';
import {
  attemptMs,
  encodeJobSeconds,
  ENCODE_SECONDS_PER_VIDEO_SECOND,
  MAX_JOB_SECONDS,
  PROCESS_SECONDS_PER_MIB,
  processJobSeconds,
} from './job-time';
import { mediaAttempt, resolveProcessingConfig } from './processing-config';

const config = resolveProcessingConfig({}); // PROCESSING_TIMEOUT_SECONDS 300
const MiB = 1024 ** 2;

describe('a job’s time limit', () => {
  it('for an encode is 4× the video’s length, never under the configured timeout', () => {
    expect(ENCODE_SECONDS_PER_VIDEO_SECOND).toBe(4);
    expect(encodeJobSeconds(config, 3600)).toBe(4 * 3600); // an hour-long recording's MP4: 4 h
    expect(encodeJobSeconds(config, 410)).toBe(1640); // a 1 GB MOV's length: 27 min
    expect(encodeJobSeconds(config, 20)).toBe(300); // a short clip keeps the floor
    expect(encodeJobSeconds(resolveProcessingConfig({ PROCESSING_TIMEOUT_SECONDS: 3 }), 6.5)).toBe(26);
  });

  it('for an encode of unknown length is the configured timeout', () => {
    for (const unknown of [undefined, null, 0, -5, Number.NaN]) expect(encodeJobSeconds(config, unknown)).toBe(300);
  });

  it('for processing is the timeout plus 4 s per MiB of the upload (sizes come from the database as text too)', () => {
    expect(PROCESS_SECONDS_PER_MIB).toBe(4);
    expect(processJobSeconds(config, 1024 * MiB)).toBe(300 + 4096); // 1 GiB: 73 min
    expect(processJobSeconds(config, String(100 * MiB))).toBe(700);
    expect(processJobSeconds(config, MiB / 2)).toBe(302);
    expect(processJobSeconds(config, undefined)).toBe(300);
    expect(processJobSeconds(config, null)).toBe(300);
  });

  it('stays under pg-boss’s 24-hour limit', () => {
    expect(encodeJobSeconds(config, 100 * 3600)).toBe(MAX_JOB_SECONDS);
    expect(processJobSeconds(config, 100 * 1024 * MiB)).toBe(MAX_JOB_SECONDS);
    expect(MAX_JOB_SECONDS).toBeLessThan(24 * 3600);
  });

  it('gives each attempt 90 % of its job’s limit, so ffmpeg is killed before the queue expires the job', () => {
    expect(attemptMs(1640)).toBe(1_476_000);
    expect(attemptMs(0.5)).toBe(1000);
    expect(mediaAttempt(config, '/tmp/x', 1640).timeoutMs).toBe(1_476_000);
    expect(mediaAttempt(config, '/tmp/x', '1640' as unknown as number).timeoutMs).toBe(1_476_000); // pg's numeric
    expect(mediaAttempt(config, '/tmp/x').timeoutMs).toBe(270_000); // no job limit: the configured one
  });
});
