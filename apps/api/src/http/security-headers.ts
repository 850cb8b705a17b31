import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

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

/**
 * Security headers on every response (helmet): a Content Security Policy that allows what the web
 * app and Firebase Auth need and nothing else, nosniff, a strict Referrer-Policy and no framing.
 * Pages that must be framed (the embed page) loosen the headers on their own response.
 *
 * helmet builds its headers once, here; @fastify/helmet built them again on every request (about
 * 80 µs each, a tenth of the server's CPU on 1 MiB video ranges), for route options we do not use.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): SetSecurityHeaders {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  const apiOrigin = config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [];
  const bucket = presignedReadOrigins(config);
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'", ...inlineScriptHashes(config.WEB_DIST), ...FIREBASE_AUTH_SCRIPTS],
        'script-src-attr': ["'none'"],
        // daisyUI and Tailwind compile to a stylesheet: no inline styles needed.
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...apiOrigin, ...bucket, ...PROVIDER_PHOTOS],
        'media-src': ["'self'", 'blob:', ...apiOrigin, ...bucket],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...apiOrigin, ...FIREBASE_AUTH_APIS, ...emulator],
        'frame-src': [...FIREBASE_AUTH_FRAMES, ...emulator],
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
  // request's CPU (issue 34's profile). helmet 8 sets every header synchronously.
  const { set, removed } = headersOf(applyHeaders);
  // HSTS means something only over HTTPS (RFC 6797 §7.2: a browser ignores it over HTTP); sent
  // over plain HTTP it only tells an operator's scan that the deployment is misconfigured.
  const everywhere = set.filter(([name]) => name.toLowerCase() !== 'strict-transport-security');
  const setSecurityHeaders: SetSecurityHeaders = (response, https) => {
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of https ? set : everywhere) response.setHeader(name, value);
  };
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(reply.raw, request.protocol === 'https');
    done();
  });
  return setSecurityHeaders;
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
