/** An upload would take its owner past their storage quota. */
export class QuotaExceededError extends Error {
  constructor(
    readonly neededBytes: number,
    readonly roomBytes: number,
    readonly quotaBytes: number,
  ) {
    super(
      `Your storage quota is full: this upload needs ${megabytes(neededBytes)} and ${megabytes(Math.max(0, roomBytes))} ` +
        `of your ${megabytes(quotaBytes)} are left. Delete some videos or ask your admin for more room.`,
    );
    this.name = 'QuotaExceededError';
  }
}

/** The code a refusal carries (the tus answer's Stream-Refusal header, the upload answer's `code`). */
export const QUOTA_EXCEEDED = 'quota_exceeded';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
