import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** Firebase Auth's REST endpoints, called by the web app's sign-in (connect-src). */
const FIREBASE_AUTH_APIS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Firebase's popup and redirect sign-in: Google's API loader script and the auth domain's helper iframe. */
const FIREBASE_AUTH_SCRIPTS = ['https://apis.google.com'];
const FIREBASE_AUTH_FRAMES = ['https://*.firebaseapp.com', 'https://*.web.app'];
/** Profile photos of the sign-in providers the product offers (Google, Facebook). */
const PROVIDER_PHOTOS = [
  'https://*.googleusercontent.com',
  'https://graph.facebook.com',
  'https://*.fbcdn.net',
  'https://*.fbsbx.com',
];

/** Where the instance's branding logo is, as an origin for img-src, read without waiting (BrandingService). */
export interface LogoOrigin {
  logoOrigin(): string | undefined;
}

/**
 * Security headers on every response (helmet): a Content Security Policy that allows what the web
 * app and Firebase Auth need and nothing else, nosniff, a strict Referrer-Policy and no framing.
 * Pages that must be framed (the embed page) loosen the headers on their own response.
 *
 * The branding's logo is an <img> (and the pages' icon) on a host the admin chose: img-src allows
 * that one origin, as the current branding says, and nothing else changes. Serving the logo
 * through this server instead would make it fetch an admin-given URL (an address check, a size
 * cap, a cache, content sniffing) for what one CSP source does.
 *
 * helmet builds its headers once per logo origin, here; @fastify/helmet built them again on every
 * request (about 80 µs each, a tenth of the server's CPU on 1 MiB video ranges), for route options
 * we do not use.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, logo?: LogoOrigin): SetSecurityHeaders {
  const withoutLogo = securityHeaders(config, []);
  let withLogo: { origin: string; headers: Headers } | undefined;
  const headersNow = (): Headers => {
    const origin = logo?.logoOrigin();
    if (!origin) return withoutLogo;
    if (withLogo?.origin !== origin) withLogo = { origin, headers: securityHeaders(config, [origin]) };
    return withLogo.headers;
  };
  const setSecurityHeaders: SetSecurityHeaders = (response, https) => {
    const { set, everywhere, removed } = headersNow();
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of https ? set : everywhere) response.setHeader(name, value);
  };
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply.raw, request.protocol === 'https');
    done();
  });
  return setSecurityHeaders;
}

interface Headers {
  set: [string, string][];
  /** `set` without HSTS, for plain HTTP. */
  everywhere: [string, string][];
  removed: string[];
}

/** The headers helmet sets for `config`, with `imageOrigins` added to img-src. */
function securityHeaders(config: Config, imageOrigins: string[]): Headers {
  // FIREBASE_AUTH=off: the page has no reason to reach Google, Facebook or an emulator, so it may not.
  const firebase = config.FIREBASE_AUTH === 'on';
  const emulator =
    firebase && config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  const [scripts, apis, frames, photos] = firebase
    ? [FIREBASE_AUTH_SCRIPTS, FIREBASE_AUTH_APIS, FIREBASE_AUTH_FRAMES, PROVIDER_PHOTOS]
    : [[], [], [], []];
  const apiOrigin = config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [];
  const bucket = presignedReadOrigins(config);
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'", ...inlineScriptHashes(config.WEB_DIST), ...scripts],
        'script-src-attr': ["'none'"],
        // daisyUI and Tailwind compile to a stylesheet: no inline styles needed.
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...apiOrigin, ...bucket, ...photos, ...imageOrigins],
        'media-src': ["'self'", 'blob:', ...apiOrigin, ...bucket],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...apiOrigin, ...apis, ...emulator],
        'frame-src': frames.length + emulator.length ? [...frames, ...emulator] : ["'none'"],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Firebase's sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The web app may be served from another port of the same site (vite in development).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // helmet's headers follow from the settings alone (no nonce, nothing of the request): worked out
  // once, then set from a list. Running its dozen middlewares per request was about 4% of a range
  // request's CPU (profiled). helmet 8 sets every header synchronously.
  const { set, removed } = headersOf(applyHeaders);
  // HSTS means something only over HTTPS (RFC 6797 §7.2: a browser ignores it over HTTP); sent
  // over plain HTTP it only tells an operator's scan that the deployment is misconfigured.
  const everywhere = set.filter(([name]) => name.toLowerCase() !== 'strict-transport-security');
  return { set, everywhere, removed };
}

/** Sets the security headers every answer carries (HSTS only over HTTPS). */
export type SetSecurityHeaders = (
  response: { setHeader(name: string, value: string): unknown; removeHeader(name: string): void },
  https: boolean,
) => void;

/** What a helmet middleware does to a response: the headers it sets, in order, and those it removes. */
function headersOf(apply: ReturnType<typeof helmet>): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  apply({} as Parameters<typeof apply>[0], response as unknown as Parameters<typeof apply>[1], () => undefined);
  return { set, removed };
}

type BucketSettings = Pick<
  Config,
  'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_FORCE_PATH_STYLE' | 'S3_PRESIGNED_READS'
>;

/**
 * Where presigned reads send the browser (S3_PRESIGNED_READS): the bucket's origin, which the
 * player's video and the cards' thumbnails load from. Path-style addressing keeps the endpoint's
 * origin; virtual-hosted puts the bucket in the host name.
 */
export function presignedReadOrigins(config: BucketSettings): string[] {
  if (!config.S3_PRESIGNED_READS || !config.S3_BUCKET) return [];
  const endpoint = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  if (config.S3_FORCE_PATH_STYLE) return [endpoint.origin];
  return [`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`];
}

/** CSP hashes of the inline scripts of the built index.html (the theme script that runs before paint). */
function inlineScriptHashes(webDist: string): string[] {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}
