// RPCs as bytes on the wire, for inputs no generated client would send.
import type { DescMethod } from '@bufbuild/protobuf';

/** A gRPC / gRPC-web frame around `message` (flags 0, 4-byte big-endian length). */
export function envelope(message: Uint8Array): Buffer {
  const frame = Buffer.alloc(5 + message.byteLength);
  frame.writeUInt32BE(message.byteLength, 1);
  frame.set(message, 5);
  return frame;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  /** The Connect error code, or gRPC status as a number for gRPC-web; undefined when the call succeeded. */
  code: string | number | undefined;
  message: string;
}

/**
 * POSTs `body` to `/<service>/<method>` with the given content type: `method` is a name of
 * VideoService's, or a method of any service (`LibraryService.method.listFolders`).
 */
export async function rawRpc(
  baseUrl: string,
  method: string | DescMethod,
  body: Uint8Array | string,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const path =
    typeof method === 'string' ? `videoservice.VideoService/${method}` : `${method.parent.typeName}/${method.name}`;
  const response = await fetch(`${baseUrl}/${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body: typeof body === 'string' ? body : Buffer.from(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (contentType.startsWith('application/grpc')) {
    const trailers = grpcWebTrailers(response.headers, bytes);
    const status = Number(trailers.get('grpc-status') ?? NaN);
    return {
      status: response.status,
      headers: response.headers,
      code: status === 0 || Number.isNaN(status) ? undefined : status,
      message: decodeURIComponent(trailers.get('grpc-message') ?? ''),
    };
  }
  const json =
    response.status === 200 ? {} : (JSON.parse(bytes.toString() || '{}') as { code?: string; message?: string });
  return { status: response.status, headers: response.headers, code: json.code, message: json.message ?? '' };
}

/** gRPC-web status: in the headers (trailers-only answer) or in the body's trailer frame. */
function grpcWebTrailers(headers: Headers, body: Buffer): Map<string, string> {
  const trailers = new Map<string, string>();
  if (headers.has('grpc-status')) {
    trailers.set('grpc-status', headers.get('grpc-status')!);
    trailers.set('grpc-message', headers.get('grpc-message') ?? '');
    return trailers;
  }
  for (let offset = 0; offset + 5 <= body.byteLength;) {
    const length = body.readUInt32BE(offset + 1);
    if ((body[offset]! & 0x80) !== 0) {
      for (const line of body
        .subarray(offset + 5, offset + 5 + length)
        .toString()
        .split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
    }
    offset += 5 + length;
  }
  return trailers;
}
