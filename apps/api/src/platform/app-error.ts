export type AppErrorKind =
  | 'not_found'
  | 'invalid_argument'
  | 'unauthenticated'
  | 'failed_precondition'
  /** Seen but not allowed (a team member asking for what their role does not give). */
  | 'permission_denied'
  /** Something the call needs is away for now (the mail server refused or could not be reached). */
  | 'unavailable'
  /** Too many of something in too short a time (comments and reactions per person). */
  | 'resource_exhausted';

/**
 * A rule said no, in any feature; the edge (RPC or HTTP) turns the kind into its own code
 * (platform/rpc/failure-answers.ts) and the message is the sentence a person reads.
 */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The store has no room for an upload (a full disk or quota). */
export class StorageFullError extends Error {
  constructor(options?: ErrorOptions) {
    super('No room left to store the upload', options);
    this.name = 'StorageFullError';
  }
}
