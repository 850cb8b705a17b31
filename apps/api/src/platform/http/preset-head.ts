import { ServerResponse, validateHeaderName, validateHeaderValue, type IncomingMessage } from 'node:http';

/**
 * Headers Node treats as framing or connection state when it builds a head (its processHeader):
 * they must go through setHeader, or Node would frame the body without knowing them.
 */
const FRAMING_HEADERS = new Set([
  'connection',
  'content-length',
  'transfer-encoding',
  'date',
  'keep-alive',
  'trailer',
  'expect',
  'upgrade',
]);

/**
 * Header lines validated and formatted once, for answers that repeat them: the signed range lane
 * (signed-range-lane.ts) sends the same dozen security headers and a video's validators with each
 * of the hundreds of ranges a player asks for. Through setHeader and writeHead each name and value
 * is validated, stored and formatted again per request, which took about 6 µs of a range's CPU (a
 * warm loop; more in the server). Framing headers are not allowed here (FRAMING_HEADERS).
 */
export class PresetHeaders {
  /** The lines as they go into a head, each ending in CRLF. */
  readonly lines: string;

  constructor(readonly pairs: readonly (readonly [name: string, value: string])[]) {
    for (const [name, value] of pairs) {
      validateHeaderName(name);
      validateHeaderValue(name, value);
      if (FRAMING_HEADERS.has(name.toLowerCase())) throw new TypeError(`${name} cannot be a preset header`);
    }
    this.lines = pairs.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  }

  /** Sets them one by one: for a response that cannot take preset lines. */
  setOn(response: { setHeader(name: string, value: string): unknown }): void {
    for (const [name, value] of this.pairs) response.setHeader(name, value);
  }
}

/** Node's head builder (lib/_http_outgoing.js), the same in Node 20 and 22. */
interface NodeOutgoingInternals {
  _storeHeader(firstLine: string, headers: unknown): void;
  _header: string | null;
}

const storeHeader = (ServerResponse.prototype as unknown as Partial<NodeOutgoingInternals>)._storeHeader;

/**
 * The HTTP/1.1 server's response (createServer's `ServerResponse` option): one that can send
 * preset lines in its head besides the headers set on it. Node builds every head in _storeHeader
 * (writeHead, flushHeaders, or the first write or end), so adding the lines there covers every way
 * a head leaves. Where this Node has no _storeHeader, preset lines are set one by one.
 */
export class PresetHeadResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  private preset: PresetHeaders | undefined = undefined;

  /** Sends `preset`'s lines with this response's head (set before its head is built). */
  presetHeaders(preset: PresetHeaders): void {
    if ((this as unknown as NodeOutgoingInternals)._header || !storeHeader) preset.setOn(this);
    else this.preset = preset;
  }

  /** Node's head, then the preset lines before its closing empty line. */
  _storeHeader(firstLine: string, headers: unknown): void {
    storeHeader!.call(this, firstLine, headers);
    const internals = this as unknown as NodeOutgoingInternals;
    const head = internals._header;
    if (this.preset && typeof head === 'string' && head.endsWith('\r\n\r\n')) {
      internals._header = head.slice(0, -2) + this.preset.lines + '\r\n';
    }
  }
}

/** Sends `preset` with `response`'s head: as preset lines where it can take them, else set one by one. */
export function sendPresetHeaders(response: ServerResponse, preset: PresetHeaders): void {
  if (response instanceof PresetHeadResponse) response.presetHeaders(preset);
  else preset.setOn(response);
}
