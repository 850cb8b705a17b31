import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('configuration', () => {
  it('runs with no variables at all: embedded database and blobs under ./data, worker in-process', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe(resolve(import.meta.dirname, '../../../data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.MAX_UPLOAD_BYTES).toBe(2 * 1024 ** 3);
    expect(config.FIREBASE_PROJECT_ID).toBe('demo-stream');
    expect(config.WORKER).toBe(true);
    expect(config.URL_SIGNING_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('reads PostgreSQL, S3 and the other settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://stream:secret@db:5432/stream',
      S3_BUCKET: 'videos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      MAX_UPLOAD_BYTES: '1048576',
      WORKER: 'false',
      PUBLIC_URL: 'https://stream.example.com',
      URL_SIGNING_SECRET: 'a-long-enough-signing-secret',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://stream:secret@db:5432/stream',
      S3_BUCKET: 'videos',
      S3_FORCE_PATH_STYLE: true,
      MAX_UPLOAD_BYTES: 1048576,
      WORKER: false,
      PUBLIC_URL: 'https://stream.example.com',
      URL_SIGNING_SECRET: 'a-long-enough-signing-secret',
      LOG_LEVEL: 'warn',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', S3_BUCKET: '', PUBLIC_URL: '' })).toMatchObject({
      DATABASE_URL: undefined,
      S3_BUCKET: undefined,
      PUBLIC_URL: undefined,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://db/stream'],
    ['MAX_UPLOAD_BYTES', '-5'],
    ['WORKER', 'sometimes'],
    ['URL_SIGNING_SECRET', 'short'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['SIGNED_URL_TTL_SECONDS', '0'],
    ['LOG_LEVEL', 'loud'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}=${JSON.stringify(value)}`);
  });
});
