import type { Transport } from '@connectrpc/connect';
import { ShareLinkService } from '@stream/proto';
import { unaryQuery } from '../query/unary-query';

/**
 * A video's share links (ListShareLinks, owner only): the share dialog reads its main link and
 * lists the named ones from this one query; anything that changes a link invalidates its `queryKey`.
 */
export const listShareLinksQuery = (transport: Transport, videoId: string) =>
  unaryQuery(ShareLinkService.method.listShareLinks, { videoId }, transport);
