import { Code, ConnectError, type ConnectRouter, type HandlerContext } from '@connectrpc/connect';
import { TranscriptService as TranscriptServiceDescriptor } from '@stream/proto';
import { kUser, type User } from '../platform/auth/user';
import type { TranscriptService } from './transcript.service';
import { toTranscriptMessage } from './transcript.message';
import { shareGrant } from '../sharing';
import { videoValidation as valid } from '../videos';

export interface TranscriptRoutesDeps {
  transcripts: TranscriptService;
}

function signedIn(context: HandlerContext): User {
  const user = context.values.get(kUser);
  if (!user) throw new ConnectError('Sign in: this call needs an ID token', Code.Unauthenticated);
  return user;
}

/** The TranscriptService on the Connect router. */
export default ({ transcripts }: TranscriptRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(TranscriptServiceDescriptor, {
      getTranscript: async (request, context) => {
        if (request.originalTimeline)
          return toTranscriptMessage(await transcripts.getOriginal(signedIn(context), valid.videoId(request.videoId)));
        const grant = shareGrant(context, request.shareToken);
        const view = await transcripts.get(context.values.get(kUser), valid.videoId(request.videoId), grant);
        return toTranscriptMessage(view);
      },
      updateTranscriptSegment: async (request, context) => {
        const user = signedIn(context);
        if (request.index < 0) throw new ConnectError('index must be 0 or more', Code.InvalidArgument);
        const view = await transcripts.updateLine(user, valid.videoId(request.videoId), request.index, request.text);
        return toTranscriptMessage(view);
      },
      retryTranscription: async (request, context) => {
        const view = await transcripts.retry(signedIn(context), valid.videoId(request.videoId));
        return toTranscriptMessage(view);
      },
    });
  };
