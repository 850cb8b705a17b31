import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { accelTarget } from './accel-redirect';

describe('accelTarget', () => {
  it('names a key under the prefix, and a presigned URL with the span the API decided', () => {
    expect(accelTarget('/_stream_blobs/', { kind: 'file', key: 'videos/abc/stream-x_Y-1.webm' })).toBe(
      '/_stream_blobs/videos/abc/stream-x_Y-1.webm',
    );
    const url = new URL('http://127.0.0.1:9000/bucket/videos/a/b.webm?X-Amz-Signature=ab%2Fc&X-Amz-Expires=60');
    expect(accelTarget('/_stream_s3/', { kind: 'url', url }, { start: 0, end: 99 })).toBe(
      '/_stream_s3/bytes=0-99/bucket/videos/a/b.webm?X-Amz-Signature=ab%2Fc&X-Amz-Expires=60',
    );
    expect(accelTarget('/_stream_s3/', { kind: 'url', url })).toMatch(/^\/_stream_s3\/whole\/bucket\//);
  });

  it('refuses a key or URL path nginx could read outside the blob directory (Node serves those)', () => {
    for (const key of [
      '../etc/passwd',
      'videos/../../etc/passwd',
      'videos/./a',
      '/etc/passwd',
      'videos//a',
      'videos/.a.webm.partial',
      'videos/%2e%2e/a',
      'videos/a b',
      'videos/a?b',
      'videos/a#b',
      'videos\\a',
      'videos/a\nb',
      '',
    ]) {
      expect(accelTarget('/_stream_blobs/', { kind: 'file', key }), key).toBeUndefined();
    }
    const odd = new URL('http://s3/bucket/videos/a%20b.webm?X-Amz-Signature=1');
    expect(accelTarget('/_stream_s3/', { kind: 'url', url: odd })).toBeUndefined();
  });
});

describe('ACCEL_REDIRECT', () => {
  it('is a location prefix, or unset', () => {
    expect(loadConfig({ ACCEL_REDIRECT: '/_stream_blobs/' }).ACCEL_REDIRECT).toBe('/_stream_blobs/');
    expect(loadConfig({ ACCEL_REDIRECT: '' }).ACCEL_REDIRECT).toBeUndefined();
    for (const bad of ['_stream_blobs/', '/_stream_blobs', '/a/../b/', '/a b/', 'http://x/'])
      expect(() => loadConfig({ ACCEL_REDIRECT: bad }), bad).toThrow(/ACCEL_REDIRECT/);
  });
});
