import { getOption, type DescMethod } from '@bufbuild/protobuf';
import { Code, ConnectError, type ContextValues, type Interceptor } from '@connectrpc/connect';
import { anonymous } from '@stream/proto';
import { AccountRefusedError } from '../../access';
import { keyRefusal, rpcKeyAccess } from '../../access';
import { authenticate } from './authenticate';
import type { TokenVerifier } from './token-verifier';
import { kUser, type User } from './user';

/**
 * Verifies `authorization: Bearer <ID token>` on every call and puts the user in `kUser`.
 * A bad token is always `unauthenticated`. A call without a token is `unauthenticated` too,
 * except for the methods the contract marks `(videoservice.anonymous)` (GetVideo: a public or
 * shared video can be read signed out; `signedOutMayCall`); their handlers decide, with `kUser`
 * undefined. `onInvalid` hears of every bad
 * token before it is refused (the rate limit on failed sign-ins counts them); `onUser` of every
 * verified one (the users table). An API key is held to its scope here, for every method
 * at once (`api-key-scope.ts`): `permission_denied` before the handler runs.
 */
export function createAuthInterceptor(
  verifier: TokenVerifier,
  onInvalid: (values: ContextValues) => Promise<void> = async () => undefined,
  onUser: (user: User) => Promise<void> = async () => undefined,
  /**
   * Throws AccountRefusedError when the verified `user` may not make this call (disabled, or
   * turned away at sign-up); `invitee`: a newcomer let in only to accept an invite, not
   * recorded by `onUser` (accepting it records them, if it succeeds).
   */
  admit: (user: User, method: { service: string; name: string }) => Promise<'person' | 'invitee'> = async () =>
    'person',
): Interceptor {
  return (next) => async (request) => {
    const result = await authenticate(verifier, request.header.get('authorization'));
    if (result.kind === 'invalid') {
      if (result.refused) throw refusal(result.refused);
      await onInvalid(request.contextValues);
      throw new ConnectError(result.reason, Code.Unauthenticated);
    }
    if (result.kind === 'anonymous' && !signedOutMayCall(request.method)) {
      throw new ConnectError('Sign in: this call needs an authorization header with an ID token', Code.Unauthenticated);
    }
    if (result.kind === 'user') {
      // An API key outside its scope is refused before anything runs (access/api-key-scope.ts).
      const refused = keyRefusal(result.user, rpcKeyAccess(request.service.typeName, request.method.name));
      if (refused) throw new ConnectError(refused, Code.PermissionDenied);
      const admission = await admit(result.user, {
        service: request.service.typeName,
        name: request.method.name,
      }).catch((error: unknown) => {
        throw error instanceof AccountRefusedError ? refusal(error) : error;
      });
      if (admission === 'person') await onUser(result.user);
    }
    request.contextValues.set(kUser, result.kind === 'user' ? result.user : undefined);
    return next(request);
  };
}

/**
 * Whether the contract lets a signed-out caller call `method`: its `(videoservice.anonymous)`
 * option (libs/proto/proto/videoservice/access_options.proto). The option lives on the method of
 * one service, so a method of the same name in another service is not let in with it.
 */
export const signedOutMayCall = (method: DescMethod): boolean => getOption(method, anonymous);

const refusal = (error: AccountRefusedError) =>
  new ConnectError(error.message, error.code === 'resource_exhausted' ? Code.ResourceExhausted : Code.PermissionDenied);
