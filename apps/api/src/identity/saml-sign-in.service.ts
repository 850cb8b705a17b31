import { randomBytes } from 'node:crypto';
import { keepSamlSignIn, takeSamlSignIn } from './saml-login.repository';
import { SamlSignInError, type SamlServiceProvider } from './saml-sp';
import type { IssuedSession, SessionService } from './session.service';
import { signInPerson, type SignInPersonDeps } from './sign-in-person';

export { SAML_SIGN_IN_MINUTES } from './saml-login.repository';

export const UNKNOWN_RELAY_STATE_MESSAGE =
  'This SAML sign-in was not started here, has expired or was already used: start again from the sign-in page';

/**
 * Signs people in with SAML 2.0: an AuthnRequest to the IdP whose RelayState is a one-time state
 * kept here with the request, then at the ACS the person the signed assertion names (by NameID,
 * then by email) or a newcomer under the sign-up policy, and a Stream session as after OpenID
 * Connect. A refusal changes nothing and issues nothing.
 */
export class SamlSignIn {
  constructor(private readonly deps: SignInPersonDeps & { sp: SamlServiceProvider; sessions: SessionService }) {}

  async begin(origin: string, nextPath: string): Promise<{ url: string; state: string }> {
    const state = randomBytes(32).toString('base64url');
    const { url, request } = await this.deps.sp.begin(origin, state);
    await keepSamlSignIn(this.deps.db, { state, request, nextPath });
    return { url, state };
  }

  /** The ACS: the session for the person the IdP vouches for, and where to land. */
  async finish(
    origin: string,
    state: string,
    samlResponse: string,
  ): Promise<{ session: IssuedSession; nextPath: string }> {
    const taken = await takeSamlSignIn(this.deps.db, state);
    if (!taken) throw new SamlSignInError(UNKNOWN_RELAY_STATE_MESSAGE);
    const person = await this.deps.sp.finish(origin, taken.request, samlResponse);
    const user = await signInPerson(this.deps, person, {
      source: 'saml',
      refuse: (message) => new SamlSignInError(message),
    });
    const session = await this.deps.sessions.start({
      uid: user.uid,
      email: user.email,
      emailVerified: user.emailVerified === true,
      name: user.name,
    });
    return { session, nextPath: taken.nextPath };
  }
}
