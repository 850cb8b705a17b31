import { describe, expect, it } from 'vitest';
import { redactSecrets } from './log-options';

describe('redactSecrets', () => {
  it('redacts secret query parameters however their names are spelled', () => {
    expect(redactSecrets('/api/videoservice/video/v1?share=abc&v=2')).toBe(
      '/api/videoservice/video/v1?share=[redacted]&v=2',
    );
    // Fastify's query parser decodes names: `sh%61re` is `share`, `%73ignature` is `signature`.
    expect(redactSecrets('/api/videoservice/video/v1?sh%61re=abc')).toBe(
      '/api/videoservice/video/v1?sh%61re=[redacted]',
    );
    expect(redactSecrets('/x?expires=1&%73ignature=sig')).toBe('/x?expires=1&%73ignature=[redacted]');
    expect(redactSecrets('/x?SHARE=abc&Token=t')).toBe('/x?SHARE=[redacted]&Token=[redacted]');
    expect(redactSecrets('/x?shared=keep&v=1')).toBe('/x?shared=keep&v=1');
  });

  it('redacts share page tokens, also with an encoded page name or inside another URL', () => {
    expect(redactSecrets('/s/tok_en')).toBe('/s/[redacted]');
    expect(redactSecrets('/%73/tok_en')).toBe('/%73/[redacted]');
    expect(redactSecrets('/embed/tok')).toBe('/embed/[redacted]');
    expect(redactSecrets('/api/oembed?url=http%3A%2F%2Fh%2Fs%2Ftok')).toBe(
      '/api/oembed?url=http%3A%2F%2Fh%2Fs%2F[redacted]',
    );
    expect(redactSecrets('/video/abc-123')).toBe('/video/abc-123');
  });
});
