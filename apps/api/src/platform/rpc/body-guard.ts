import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fromBinary, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { MAX_WEBVTT_BYTES } from '@stream/proto';
import { Code, createContextValues, type ConnectRouter } from '@connectrpc/connect';
import type { UniversalHandler, UniversalServerRequest } from '@connectrpc/connect/protocol';

import { kRequestProblem, type RequestProblem } from './request-problem';
import { unknownEnumInJson, unknownEnumNumber } from './unknown-enum';

/**
 * Largest RPC request body. The largest message of the contract is a CreateVideo of a 200-character
 * title, a 5,000-character description and a 2,048-character URL (~30 KB in the worst UTF-8); 256 KiB
 * leaves room for fields to come while a signed-out caller can no longer make the server buffer
 * hundreds of megabytes before authentication.
 */
export const RPC_MAX_BODY_BYTES = 256 * 1024;

/**
 * Methods whose messages carry more than RPC_MAX_BODY_BYTES by design, with their own cap: SetCaptions
 * takes a WebVTT file of up to MAX_WEBVTT_BYTES, which JSON may write at up to twice its size
 * (every line break as `\n`), plus room for the video id and framing.
 */
const LARGER_BODIES: Record<string, number> = {
  'videoservice.EditService/SetCaptions': 2 * MAX_WEBVTT_BYTES + 64 * 1024,
};

/** The largest body any method takes (Connect's own `readMaxBytes`; each method's cap is checked here). */
export const LARGEST_RPC_BODY_BYTES = Math.max(RPC_MAX_BODY_BYTES, ...Object.values(LARGER_BODIES));

/** The largest request body of `handler`'s method. */
export function maxBodyBytes(handler: Pick<UniversalHandler, 'service' | 'method'>): number {
  return LARGER_BODIES[`${handler.service.typeName}/${handler.method.name}`] ?? RPC_MAX_BODY_BYTES;
}

/**
 * Wraps every handler of the router so that the body is read here first: past its cap (maxBodyBytes)
 * it stops reading (a declared Content-Length is refused unread); garbage protobuf and unknown enum
 * names or numbers are refused too. A refused body reaches Connect as an empty message with the
 * problem in `kRequestProblem`, which the error interceptor answers in the caller's protocol
 * (Connect's own parser would call garbage protobuf `internal` and echo its message).
 */
export function guardRequestBodies(router: ConnectRouter): void {
  router.handlers.splice(0, router.handlers.length, ...router.handlers.map(guarded));
}

function guarded(handler: UniversalHandler): UniversalHandler {
  const input = handler.method.input;
  const limit = maxBodyBytes(handler);
  const unread = unreadProblems(limit);
  const guard = async (request: UniversalServerRequest) => {
    const format = formatOf(request);
    if (!format || request.method !== 'POST' || !isByteStream(request.body)) return handler(request);
    const body = await readCapped(request, limit);
    const problem = typeof body === 'string' ? unread[body] : check(input, format, request.header, body, limit);
    if (!problem) return handler({ ...request, body: once(body as Uint8Array) });
    const contextValues = request.contextValues ?? createContextValues();
    contextValues.set(kRequestProblem, problem);
    const empty = emptyBody(format);
    const header = new Headers(request.header);
    header.set('content-length', String(empty.byteLength));
    header.delete('content-encoding');
    header.delete('grpc-encoding');
    const response = await handler({ ...request, header, body: once(empty), contextValues });
    if (body !== 'too-large') return response;
    // The unread rest of the body stays in the socket: do not keep the connection for another request.
    response.header ??= new Headers();
    if (request.httpVersion.startsWith('1')) response.header.set('connection', 'close');
    // Connect answers resource_exhausted with 429; too large a body is 413 in plain HTTP terms.
    if (response.status === 429) response.status = 413;
    return response;
  };
  return Object.assign(guard, handler);
}

interface Format {
  binary: boolean;
  enveloped: boolean;
}

/** The body format of the protocols this server speaks for unary calls; undefined for the rest. */
function formatOf(request: UniversalServerRequest): Format | undefined {
  const type = (request.header.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/proto') return { binary: true, enveloped: false };
  if (type === 'application/json') return { binary: false, enveloped: false };
  const match = /^application\/grpc(?:-web)?(?:\+(proto|json))?$/.exec(type);
  if (match) return { binary: match[1] !== 'json', enveloped: true };
  return undefined;
}

/** Bodies that were not read whole: too large, or cut off by a caller that hung up. */
type Unread = 'too-large' | 'cut-off';
const unreadProblems = (limit: number): Record<Unread, RequestProblem> => ({
  'too-large': { code: Code.ResourceExhausted, message: `Request body too large: at most ${limit} bytes` },
  'cut-off': { code: Code.Canceled, message: 'The request body did not arrive whole' },
});

function isByteStream(body: UniversalServerRequest['body']): body is AsyncIterable<Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}

/** The whole body; 'too-large' once it is (or says it will be) larger than the cap; 'cut-off' if it broke off. */
async function readCapped(request: UniversalServerRequest, limit: number): Promise<Uint8Array | Unread> {
  const declared = Number(request.header.get('content-length') ?? NaN);
  if (declared > limit) return 'too-large';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Not `for await`: leaving that loop early would destroy the request, and with it the answer.
  const iterator = (request.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += next.value.byteLength;
      if (size > limit) return 'too-large';
      chunks.push(next.value);
    }
  } catch {
    return 'cut-off';
  }
  return Buffer.concat(chunks, size);
}

function check(
  input: DescMessage,
  format: Format,
  header: Headers,
  body: Uint8Array,
  limit: number,
): RequestProblem | undefined {
  const messages = format.enveloped
    ? envelopedMessages(body, header.get('grpc-encoding'), limit)
    : [unwrap(body, header.get('content-encoding'), limit)];
  for (const message of messages) {
    // Framing and compression errors are left to Connect, which answers them as invalid_argument.
    if (message === undefined) return undefined;
    const problem = format.binary ? checkBinary(input, message) : checkJson(input, message);
    if (problem) return { code: Code.InvalidArgument, message: problem };
  }
  return undefined;
}

function checkBinary(input: DescMessage, bytes: Uint8Array): string | undefined {
  let message;
  try {
    message = fromBinary(input, bytes);
  } catch {
    return `Malformed request: not a ${input.name} in protobuf binary`;
  }
  const unknown = unknownEnumNumber(input, message);
  return unknown && `Unknown enum value (${unknown})`;
}

function checkJson(input: DescMessage, bytes: Uint8Array): string | undefined {
  let json: JsonValue;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8')) as JsonValue;
  } catch {
    return `Malformed request: not a ${input.name} in JSON`;
  }
  const unknown = unknownEnumInJson(input, json);
  return unknown && `Unknown enum value (${unknown})`;
}

/** The messages of a gRPC / gRPC-web body (5-byte prefix per frame; trailer frames skipped). */
function envelopedMessages(body: Uint8Array, encoding: string | null, limit: number): (Uint8Array | undefined)[] {
  const messages: (Uint8Array | undefined)[] = [];
  let offset = 0;
  while (offset < body.byteLength) {
    if (body.byteLength - offset < 5) return [undefined];
    const flags = body[offset]!;
    const length = new DataView(body.buffer, body.byteOffset + offset + 1, 4).getUint32(0);
    const data = body.subarray(offset + 5, offset + 5 + length);
    if (data.byteLength < length) return [undefined];
    if ((flags & 0x80) === 0) messages.push((flags & 0x01) === 0 ? data : unwrap(data, encoding, limit));
    offset += 5 + length;
  }
  return messages;
}

/** Decompressed bytes (at most the cap), or undefined when they cannot be had. */
function unwrap(data: Uint8Array, encoding: string | null, limit: number): Uint8Array | undefined {
  const name = encoding?.trim().toLowerCase();
  try {
    if (!name || name === 'identity') return data;
    if (name === 'gzip') return gunzipSync(data, { maxOutputLength: limit });
    if (name === 'br') return brotliDecompressSync(data, { maxOutputLength: limit });
  } catch {
    return undefined;
  }
  return undefined;
}

/** An empty message in the request's format, for Connect to parse before the problem is answered. */
function emptyBody(format: Format): Uint8Array {
  const message = format.binary ? new Uint8Array(0) : Buffer.from('{}');
  if (!format.enveloped) return message;
  const frame = new Uint8Array(5 + message.byteLength);
  new DataView(frame.buffer).setUint32(1, message.byteLength);
  frame.set(message, 5);
  return frame;
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}
