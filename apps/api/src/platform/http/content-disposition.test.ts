import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('names an ASCII title as it is', () => {
    expect(attachmentDisposition('Demo of the week', 'webm')).toBe('attachment; filename="Demo of the week.webm"');
  });

  it('strips path separators, quotes and control characters', () => {
    expect(attachmentDisposition('../a/b\\c "d"\r\nx', 'webm')).toBe('attachment; filename=".._a_b_c _d___x.webm"');
  });

  it('adds an RFC 5987 filename* for a non-ASCII title, with an ASCII fallback', () => {
    expect(attachmentDisposition("Café démo (1)'s", 'webm')).toBe(
      `attachment; filename="Caf_ d_mo (1)'s.webm"; filename*=UTF-8''Caf%C3%A9%20d%C3%A9mo%20%281%29%27s.webm`,
    );
  });

  it('falls back to "video" for a title of nothing but separators', () => {
    expect(attachmentDisposition('  ', 'webm')).toBe('attachment; filename="video.webm"');
  });
});
