/**
 * The upload itself is the problem (not WebM, no video, unreadable): retrying cannot help, so the
 * video is marked FAILED at once with this message, which a person reads in the library.
 */
export class UnprocessableVideoError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnprocessableVideoError';
  }
}
