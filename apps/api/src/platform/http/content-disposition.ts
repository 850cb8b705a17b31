/**
 * `attachment; filename="<title>.webm"` for a download (RFC 6266): path separators, quotes,
 * backslashes and control characters become `_`; a non-ASCII title also gets `filename*` (RFC 5987,
 * UTF-8) with an ASCII fallback in `filename`.
 */
export function attachmentDisposition(title: string, extension: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const safe = title.replace(/[/\\"\u0000-\u001f\u007f]/g, '_').trim() || 'video';
  const name = `${safe}.${extension}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
