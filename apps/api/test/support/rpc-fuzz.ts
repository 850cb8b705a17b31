// What the generated-request tests (fuzz-rpc*.test.ts) expect of every answer, and the binary
// formats they send.
import type { DescMethod } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import fc from 'fast-check';
import { expect } from 'vitest';
import { envelope, rawRpc, type RawAnswer } from './rpc-wire';

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
function expectClientError(answer: RawAnswer, context: string) {
  expect(answer.status, context).toBeLessThan(500);
  if (answer.code !== undefined)
    expect(clientCodes, `${context}: ${answer.code} ${answer.message}`).toContain(answer.code);
}

/** Protobuf over Connect, and over gRPC-web (framed). */
const formats = [
  { contentType: 'application/proto', wrap: (bytes: Uint8Array) => bytes },
  { contentType: 'application/grpc-web+proto', wrap: envelope },
] as const;

const nameOf = (method: DescMethod) => `${method.parent.name}.${method.name}`;

/**
 * Random bytes as protobuf (Connect and gRPC-web) to any of `methods`, with `headers` (say, a
 * token): every answer a client error, and whatever else `check` asks of it.
 */
export async function randomProtobufBodies(
  baseUrl: string,
  methods: DescMethod[],
  options: {
    numRuns: number;
    headers?: () => Record<string, string>;
    check?: (answer: RawAnswer, method: DescMethod) => void;
  },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...methods),
      fc.constantFrom(...formats),
      fc.uint8Array({ maxLength: 512 }),
      async (method, format, bytes) => {
        const answer = await rawRpc(baseUrl, method, format.wrap(bytes), format.contentType, options.headers?.());
        expectClientError(answer, `${nameOf(method)} ${format.contentType}`);
        options.check?.(answer, method);
      },
    ),
    { numRuns: options.numRuns },
  );
}

/** Arbitrary JSON documents to any of `methods`, with and without `headers`: every answer a client error. */
export async function arbitraryJsonBodies(
  baseUrl: string,
  methods: DescMethod[],
  options: { numRuns: number; headers: () => Record<string, string> },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...methods),
      fc.jsonValue({ maxDepth: 3 }),
      fc.boolean(),
      async (method, json, withHeaders) => {
        const body = JSON.stringify(json);
        const answer = await rawRpc(baseUrl, method, body, 'application/json', withHeaders ? options.headers() : {});
        expectClientError(answer, `${nameOf(method)} ${body}`);
      },
    ),
    { numRuns: options.numRuns },
  );
}
