import { Code, ConnectError } from '@connectrpc/connect';

export interface VideoErrorDescription {
  code: Code;
  /** The HTTP status docs/product.md (Messages) pairs with the code (500 for codes it does not list). */
  httpStatus: number;
  /** A short sentence a person can act on. */
  message: string;
}

/** docs/product.md, Messages: the status table, code → HTTP status. */
const httpStatusOf: Partial<Record<Code, number>> = {
  [Code.InvalidArgument]: 400,
  [Code.Unauthenticated]: 401,
  [Code.PermissionDenied]: 403,
  [Code.NotFound]: 404,
  [Code.Aborted]: 409,
  [Code.FailedPrecondition]: 412,
  [Code.ResourceExhausted]: 429,
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.Unimplemented]: 501,
  [Code.Unavailable]: 503,
  [Code.DeadlineExceeded]: 504,
};

const NOT_VALID = 'The request was not valid. Check what you entered and try again.';
const SERVER_FAILED = 'Something went wrong on the server. Try again.';

const messageOf: Record<Code, string> = {
  [Code.InvalidArgument]: NOT_VALID,
  [Code.Unauthenticated]: 'Session expired. Please login again.',
  [Code.PermissionDenied]: 'You do not have access to this video.',
  [Code.NotFound]: 'Video not found',
  [Code.Aborted]: 'The video changed while saving. Reload and try again.',
  [Code.FailedPrecondition]: 'The video is not ready for that yet. Try again when processing has finished.',
  [Code.ResourceExhausted]: 'Too many requests. Wait a moment and try again.',
  [Code.Canceled]: 'The request was cancelled. Try again.',
  [Code.Unknown]: SERVER_FAILED,
  [Code.Internal]: SERVER_FAILED,
  [Code.DataLoss]: SERVER_FAILED,
  [Code.AlreadyExists]: 'That already exists. Reload and try again.',
  [Code.OutOfRange]: NOT_VALID,
  [Code.Unimplemented]: 'The server does not support this action yet.',
  [Code.Unavailable]: 'Cannot reach the video service. Check your connection and try again.',
  [Code.DeadlineExceeded]: 'The server took too long to answer. Try again.',
};

/**
 * Protocol failures the spec lists by their grpc-web names. Connect reports them with other codes
 * and wordings; recognise them by message so the person sees the same three names.
 */
const protocolFailures: { name: string; pattern: RegExp; advice: string }[] = [
  {
    name: 'Unknown Content-type received',
    pattern: /Unknown Content-type received|unsupported content type/i,
    advice: 'The server answered with something other than the video service. Check the API address and try again.',
  },
  {
    name: 'Error in parsing response body',
    pattern: /Error in parsing response body|parse binary|invalid wire type|premature EOF/i,
    advice: 'The answer from the server could not be read. Try again.',
  },
  {
    name: 'Incomplete response',
    pattern: /Incomplete response|missing trailer|incomplete envelope|promised \d+ bytes|missing output message/i,
    advice: 'The answer from the server was cut off. Try again.',
  },
];

/** Any thrown value from a video-service call → code, HTTP status and a message to show. */
export function describeVideoError(error: unknown): VideoErrorDescription {
  const connectError = ConnectError.from(error);
  const { code } = connectError;
  const httpStatus = httpStatusOf[code] ?? 500;
  const failure = protocolFailures.find((f) => f.pattern.test(connectError.rawMessage));
  if (failure) return { code, httpStatus, message: `${failure.name}. ${failure.advice}` };
  return { code, httpStatus, message: messageOf[code] };
}

/** True when the video does not exist for this caller (the server says not_found for another user's private video). */
export function isVideoNotFound(error: unknown): boolean {
  const { code } = ConnectError.from(error);
  return code === Code.NotFound || code === Code.PermissionDenied;
}
