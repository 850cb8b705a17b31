// What the generated-request tests (fuzz-rpc*.test.ts) expect of every answer, and the binary
// formats they send.
import { Code } from '@connectrpc/connect';
import { expect } from 'vitest';
import { envelope, type RawAnswer } from './rpc-wire';

/** Codes a client's own mistake can earn; anything else (internal, unknown, ...) is the server's fault. */
const clientCodes: (string | number)[] = [
  Code.InvalidArgument,
  Code.Unauthenticated,
  Code.NotFound,
  Code.ResourceExhausted,
  Code.PermissionDenied,
  Code.FailedPrecondition,
  'invalid_argument',
  'unauthenticated',
  'not_found',
  'resource_exhausted',
  'permission_denied',
  'failed_precondition',
];

/** A client error: never a 5xx, and a code a client's own mistake can earn. */
export function expectClientError(answer: RawAnswer, context: string) {
  expect(answer.status, context).toBeLessThan(500);
  if (answer.code !== undefined)
    expect(clientCodes, `${context}: ${answer.code} ${answer.message}`).toContain(answer.code);
}

/** Protobuf over Connect, and over gRPC-web (framed). */
export const formats = [
  { contentType: 'application/proto', wrap: (bytes: Uint8Array) => bytes },
  { contentType: 'application/grpc-web+proto', wrap: envelope },
] as const;
