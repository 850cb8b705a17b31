import type { HandlerContext } from '@connectrpc/connect';
import type { Grant } from '../access';
import { passesOf, SHARE_PASS_HEADER } from './share-passes';

/** Header carrying a share token: the `share` parameter of a link ShareVideo (or CreateShareLink) minted. */
export const SHARE_TOKEN_HEADER = 'x-share-token';

/** What a call holds besides its ID token: a share token and the passes through gated links. */
export const shareGrant = (context: HandlerContext, shareToken?: string): Grant => ({
  shareToken: shareToken || (context.requestHeader.get(SHARE_TOKEN_HEADER) ?? undefined),
  passes: passesOf(context.requestHeader.get('cookie'), context.requestHeader.get(SHARE_PASS_HEADER)),
});
