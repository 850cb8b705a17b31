import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';

/**
 * Who calls a fake: the fakes' ID tokens are uids, so `authorization: Bearer <uid>` is that uid's,
 * whatever the fake's own caller setting (`fallback`) says.
 */
export function callerOf(context: HandlerContext, fallback: string | undefined): string | undefined {
  return /^Bearer (.+)$/.exec(context.requestHeader.get('authorization') ?? '')?.[1] ?? fallback;
}

/** The caller, or Unauthenticated as the server answers a call without an ID token. */
export function signedInCaller(context: HandlerContext, fallback: string | undefined): string {
  const uid = callerOf(context, fallback);
  if (!uid) throw new ConnectError('Sign in: this call needs an ID token', Code.Unauthenticated);
  return uid;
}
