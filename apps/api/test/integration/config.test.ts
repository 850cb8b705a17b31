import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('configuration', () => {
  it('runs with no variables at all: embedded database and blobs under ./data, worker in-process', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe(resolve(import.meta.dirname, '../../../../data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.MAX_UPLOAD_BYTES).toBe(2 * 1024 ** 3);
    expect(config.FIREBASE_PROJECT_ID).toBe('demo-stream');
    expect(config.WORKER).toBe(true);
    expect(config.URL_SIGNING_SECRET).toBeUndefined(); // the server draws a random key (production refuses that)
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
    ['PUBLIC_URL', 'ftp://example.com'],
    ['TRUST_PROXY', 'nginx.local'],
    ['SIGNED_URL_TTL_SECONDS', '0'],
    ['LOG_LEVEL', 'loud'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}=${JSON.stringify(value)}`);
  });

  // A bad secret is named, never shown (the log is read by more people than the env file).
  it.each([
    ['URL_SIGNING_SECRET', 'short-secret'],
    ['METRICS_TOKEN', 'tok-12345'],
  ])('names %s when %j is too short, without the value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}=<hidden, ${value.length} characters>`);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).not.toContain(value);
    }
  });

  it.each(['hunter2-secret', 'pa/ss@word'])("masks DATABASE_URL's password (%j) when the URL is bad", (password) => {
    expect(() => loadConfig({ DATABASE_URL: `mysql://stream:${password}@db/stream` })).toThrow(
      'DATABASE_URL="mysql://stream:***@db/stream"',
    );
  });

  // Where the unescaped password begins with '/' (or holds '?' or '#'), the URL still parses: its
  // host is the role, its port empty, and the password rides in the path, where an error would show it.
  it.each(['/abc+x=', 'ab?c', 'ab#c', '12/ab'])('refuses a password with an unescaped %j and hides it', (password) => {
    const run = () => loadConfig({ DATABASE_URL: `postgres://stream:${password}@db:5432/stream` });
    expect(run).toThrow(/DATABASE_URL=.*percent-encode a '\/'/);
    expect(run).toThrow(/stream:\*\*\*@db/);
    expect(() => run()).not.toThrow(password);
  });

  it('accepts a percent-encoded password', () => {
    const url = `postgres://stream:${encodeURIComponent('/a?b#c@d')}@db:5432/stream`;
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  // TRUST_PROXY names the proxies; true/false keep working.
  it.each([
    ['', false],
    ['false', false],
    ['no', false],
    ['0', false],
    ['true', true],
    ['yes', true],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1,loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ])('TRUST_PROXY=%j is %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['10.0.0.0/33', '::1/129', '1.2.3', '127.0.0.1/8/1', 'true,127.0.0.1'])(
    'refuses TRUST_PROXY=%j, naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=.*expected true, false, a hop count/);
    },
  );
});
