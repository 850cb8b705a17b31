import { once } from 'node:events';
import { createServer, ServerResponse, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PresetHeadResponse, PresetHeaders, sendPresetHeaders } from './preset-head';

const preset = new PresetHeaders([
  ['X-Content-Type-Options', 'nosniff'],
  ['content-type', 'video/webm'],
]);

let server: Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

/** A server on 127.0.0.1 with preset-head responses; resolves the raw bytes of one exchange. */
async function exchange(handle: RequestListener, request: string): Promise<string> {
  server = createServer({ ServerResponse: PresetHeadResponse }, handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  socket.end(request);
  let raw = '';
  socket.setEncoding('latin1').on('data', (text: string) => (raw += text));
  await once(socket, 'close');
  return raw;
}

const GET = 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';

/** The head's header lines, in order, and the body after it. */
function parsed(raw: string): { status: string; lines: string[]; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const [status, ...lines] = raw.slice(0, end).split('\r\n');
  return { status: status!, lines, body: raw.slice(end + 4) };
}

describe('PresetHeadResponse', () => {
  it('sends the preset lines with a head written by writeHead, after the headers set on it', async () => {
    const raw = await exchange((_request, response) => {
      (response as PresetHeadResponse).presetHeaders(preset);
      response.setHeader('content-length', 5);
      response.setHeader('etag', '"e"');
      response.writeHead(206);
      response.end('bytes');
    }, GET);
    const { status, lines, body } = parsed(raw);
    expect(status).toBe('HTTP/1.1 206 Partial Content');
    expect(lines.slice(0, 2)).toEqual(['content-length: 5', 'etag: "e"']);
    expect(lines.slice(-2)).toEqual(['X-Content-Type-Options: nosniff', 'content-type: video/webm']);
    expect(lines.filter((line) => /^date: /i.test(line))).toHaveLength(1); // Node's own still there
    expect(lines).toContain('Connection: close');
    expect(body).toBe('bytes');
  });

  it('sends them with a head Node writes itself on end, and with a HEAD answer', async () => {
    const answer = (_request: IncomingMessage, response: ServerResponse) => {
      (response as PresetHeadResponse).presetHeaders(preset);
      response.end('whole');
    };
    const implicit = parsed(await exchange(answer, GET));
    expect(implicit.lines).toContain('X-Content-Type-Options: nosniff');
    expect(implicit.body).toBe('whole');
    server?.close();
    const head = parsed(await exchange(answer, GET.replace('GET', 'HEAD')));
    expect(head.lines).toContain('content-type: video/webm');
    expect(head.body).toBe('');
  });

  it('sends nothing extra for a response without preset lines', async () => {
    const { lines } = parsed(
      await exchange((_request, response) => {
        response.setHeader('content-type', 'text/plain');
        response.end('x');
      }, GET),
    );
    expect(lines.filter((line) => /^content-type: /i.test(line))).toEqual(['content-type: text/plain']);
    expect(lines.some((line) => line.startsWith('X-Content-Type-Options'))).toBe(false);
  });

  it('refuses preset lines once the head is built, as setHeader does', async () => {
    let refusal: unknown;
    await exchange((_request, response) => {
      response.writeHead(200, { 'content-length': '1' });
      try {
        (response as PresetHeadResponse).presetHeaders(preset);
      } catch (error) {
        refusal = error;
      }
      response.end('x');
    }, GET);
    expect(refusal).toMatchObject({ code: 'ERR_HTTP_HEADERS_SENT' });
  });
});

describe('PresetHeaders', () => {
  it.each([
    ['a name that is not a token', [['bad name', 'x']]],
    ['a value with a line break', [['x-note', 'a\r\nset-cookie: b']]],
    ['content-length', [['Content-Length', '5']]],
    ['transfer-encoding', [['transfer-encoding', 'chunked']]],
    ['connection', [['connection', 'close']]],
  ] as const)('refuses %s', (_name, pairs) => {
    expect(() => new PresetHeaders(pairs)).toThrow();
  });

  it('is set header by header on a response that cannot take preset lines', () => {
    const response = new ServerResponse({ method: 'GET', httpVersionMajor: 1, httpVersionMinor: 1 } as IncomingMessage);
    sendPresetHeaders(response, preset);
    expect(response.getHeader('x-content-type-options')).toBe('nosniff');
    expect(response.getHeader('content-type')).toBe('video/webm');
  });
});
