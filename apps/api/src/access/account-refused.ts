import { InvalidTokenError } from '../platform/auth/token-verifier';

/**
 * A verified caller this instance turns away: a disabled person, a newcomer the
 * sign-up policy does not let in (permission_denied), an API key used too often
 * (resource_exhausted). The RPCs answer with `code`; the HTTP routes refuse it as a bad token.
 */
export class AccountRefusedError extends InvalidTokenError {
  constructor(
    message: string,
    readonly code: 'permission_denied' | 'resource_exhausted' = 'permission_denied',
  ) {
    super(message);
    this.name = 'AccountRefusedError';
  }
}
