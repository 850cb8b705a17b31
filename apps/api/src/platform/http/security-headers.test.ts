import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { presignedReadOrigins, registerSecurityHeaders } from './security-headers';

const s3 = { S3_BUCKET: 'videos', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: false, S3_PRESIGNED_READS: true };

describe('the CSP origins of presigned reads', () => {
  it('is nothing unless presigned reads are on with a bucket', () => {
    expect(presignedReadOrigins({ ...s3, S3_PRESIGNED_READS: false })).toEqual([]);
    expect(presignedReadOrigins({ ...s3, S3_BUCKET: undefined })).toEqual([]);
  });

  it("is the bucket's virtual host on AWS", () => {
    expect(presignedReadOrigins(s3)).toEqual(['https://videos.s3.eu-west-1.amazonaws.com']);
  });

  it("is the endpoint's origin with path-style addressing, the bucket's host under it otherwise", () => {
    const endpoint = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/' };
    expect(presignedReadOrigins({ ...endpoint, S3_FORCE_PATH_STYLE: true })).toEqual(['http://127.0.0.1:9000']);
    expect(presignedReadOrigins({ ...endpoint, S3_ENDPOINT: 'https://minio.example:9000' })).toEqual([
      'https://videos.minio.example:9000',
    ]);
  });
});

describe('HSTS', () => {
  it('is sent over HTTPS (as the trusted proxy reports it) and never over plain HTTP', async () => {
    const app = Fastify({ trustProxy: '127.0.0.1' });
    registerSecurityHeaders(app, loadConfig({ DATA_DIR: tmpdir() }));
    app.get('/', async () => 'hi');
    const hsts = async (headers: Record<string, string>) =>
      (await app.inject({ url: '/', headers, remoteAddress: '127.0.0.1' })).headers['strict-transport-security'];
    expect(await hsts({ 'x-forwarded-proto': 'https' })).toMatch(/max-age=\d+/);
    expect(await hsts({ 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hsts({})).toBeUndefined();
    // Everything else is sent either way.
    const plain = await app.inject({ url: '/', remoteAddress: '127.0.0.1' });
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
