/** docs/product.md, Messages, word for word: what the page shows after an upload. */
export const uploadMessages = {
  success: 'Video uploaded successfully!',
  tooLarge: 'Video file is too large. Please record a shorter video.',
  unauthenticated: 'Session expired. Please login again.',
  offline: 'No internet connection. Please check your network.',
  failed: 'Failed to upload video.',
  /** Not in the spec: a second upload while one runs (the page disables its buttons instead). */
  busy: 'An upload is already in progress.',
  /** Said when the server gave no sentence of its own for a refusal by quota. */
  quotaExceeded: 'Your storage quota is full: delete some videos or ask your admin for more room.',
  /** Not in the spec: the upload was cancelled by the caller (e.g. the page was left). */
  aborted: 'The upload was cancelled.',
} as const;

/** docs/product.md, Messages: the error every non-OK status produces before it is mapped to what is shown. */
export function statusFailure(status: number): string {
  return `Upload failed with status: ${status}`;
}

/** The code the API gives a refusal by storage quota (upload JSON `code`, tus `Stream-Refusal` header). */
export const QUOTA_EXCEEDED = 'quota_exceeded';

/**
 * Why an upload failed, in the words both upload clients share: too large for the server, past its
 * owner's storage quota, signed out, failed at the server, or cancelled by the caller.
 */
export type UploadFailureCode = 'too-large' | 'quota-exceeded' | 'unauthenticated' | 'failed' | 'aborted';
