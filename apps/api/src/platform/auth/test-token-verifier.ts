import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { InvalidTokenError, userOfClaims, type TokenClaims, type TokenVerifier } from './token-verifier';
import type { User } from './user';

/** The `kid` of a test token's header: a token without it is not one, and goes to the real verifier. */
const KEY_ID = 'stream-test-tokens';
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** What a test token says about its person: the claims of a Firebase ID token the API reads. */
export interface TestTokenClaims {
  uid: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  picture?: string;
  /** Seconds until it expires (an hour, as Firebase's ID tokens); negative: expired already. */
  expiresIn?: number;
}

/**
 * Signed ID tokens for tests, so a suite signs people in without an Auth emulator round trip per
 * person and per request (firebase-admin asks the emulator whether a token is revoked on every
 * call). A key is random and lives only in the memory of the process that generated it; a server
 * accepts its tokens only when built with that very key (BuildOptions.testTokens), which only test
 * code passes: main.ts has no setting that leads here. The claims become a User exactly as a
 * Firebase token's do (`userOfClaims`), so the API cannot tell the two apart past the signature.
 */
export class TestTokens {
  readonly #key: Buffer;

  private constructor(key: Buffer) {
    this.#key = key;
  }

  static generate(): TestTokens {
    return new TestTokens(randomBytes(32));
  }

  /** A new uid in Firebase's shape (28 characters). */
  static newUid(): string {
    return randomUUID().replaceAll('-', '').slice(0, 28);
  }

  sign(claims: TestTokenClaims): string {
    const now = Math.floor(Date.now() / 1000);
    const body: TokenClaims & { iat: number } = {
      uid: claims.uid,
      exp: now + (claims.expiresIn ?? 3600),
      iat: now,
      ...(claims.email === undefined ? {} : { email: claims.email }),
      email_verified: claims.emailVerified === true,
      ...(claims.name === undefined ? {} : { name: claims.name }),
      ...(claims.picture === undefined ? {} : { picture: claims.picture }),
    };
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT', kid: KEY_ID })}.${encode(body)}`;
    return `${unsigned}.${this.#signature(unsigned).toString('base64url')}`;
  }

  /**
   * The user of a test token; undefined for a token that is not one (another verifier's to judge).
   * A test token with a wrong signature, bad claims or past its expiry is refused.
   */
  verify(token: string): User | undefined {
    const [header, payload, signature] = token.split('.');
    if (header === undefined || payload === undefined || signature === undefined) return undefined;
    if (parsed(header)?.kid !== KEY_ID) return undefined;
    const expected = this.#signature(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new InvalidTokenError('Invalid or expired ID token');
    const claims = parsed(payload);
    if (typeof claims?.uid !== 'string' || typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now())
      throw new InvalidTokenError('Invalid or expired ID token');
    return userOfClaims(claims as unknown as TokenClaims);
  }

  #signature(unsigned: string): Buffer {
    return createHmac('sha256', this.#key).update(unsigned).digest();
  }
}

function parsed(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `verifier`, also accepting the tokens of `tokens`; every other token is still `verifier`'s to judge. */
export function acceptingTestTokens(verifier: TokenVerifier, tokens: TestTokens): TokenVerifier {
  return {
    async verify(idToken) {
      return tokens.verify(idToken) ?? verifier.verify(idToken);
    },
    close: () => verifier.close(),
  };
}
