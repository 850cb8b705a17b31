import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { kUser, type User } from '../auth/user';

/** The caller the auth interceptor found; unauthenticated when the call carried no valid ID token. */
export function signedIn(context: HandlerContext): User {
  const user = context.values.get(kUser);
  if (!user) throw new ConnectError('Sign in: this call needs an ID token', Code.Unauthenticated);
  return user;
}
