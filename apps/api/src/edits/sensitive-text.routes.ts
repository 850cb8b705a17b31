import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import {
  AnnotationKind,
  AnnotationSchema,
  SensitiveTextKind,
  SensitiveTextSchema,
  SensitiveTextService as SensitiveTextServiceDescriptor,
} from '@stream/proto';
import type { SensitiveTextService } from './sensitive-text.service';
import type { StreamCallers } from '../access';
import type { VideoService } from '../videos';
import { AppError } from '../platform/app-error';
import { videoErrorCodes } from '../platform/rpc/failure-answers';
import type { SensitiveKind } from './sensitive-text/sensitive-patterns';
import { signedIn } from '../platform/rpc/signed-in';
import { videoValidation as valid } from '../videos';

export interface SensitiveTextRoutesDeps {
  sensitiveText: SensitiveTextService;
  /** Whether the caller may still hold the stream while it runs (disabled, key revoked, token expired, video lost). */
  callers?: StreamCallers;
  videos?: Pick<VideoService, 'owned'>;
}

const kindToProto: Record<SensitiveKind, SensitiveTextKind> = {
  email: SensitiveTextKind.EMAIL,
  'api-key': SensitiveTextKind.API_KEY,
  'card-number': SensitiveTextKind.CARD_NUMBER,
  'phone-number': SensitiveTextKind.PHONE_NUMBER,
};

/** The SensitiveTextService on the Connect router: progress as frames are read, then what was found. */
export default ({ sensitiveText, callers, videos }: SensitiveTextRoutesDeps) =>
  (router: ConnectRouter) => {
    router.service(SensitiveTextServiceDescriptor, {
      async *findSensitiveText(request, context) {
        const user = signedIn(context);
        const interval = request.intervalSeconds;
        if (!Number.isFinite(interval) || interval < 0 || interval > 60)
          throw new ConnectError('interval_seconds must be from 0 to 60', Code.InvalidArgument);
        try {
          const id = valid.videoId(request.videoId);
          const steps = sensitiveText.find(user, id, { intervalSeconds: interval });
          const guarded =
            callers && videos ? callers.guard(user, id, steps, () => videos.owned(user, id), context.signal) : steps;
          for await (const step of guarded) {
            yield {
              framesRead: step.framesRead,
              framesTotal: step.framesTotal,
              done: step.found !== undefined,
              found: (step.found ?? []).map((found) =>
                create(SensitiveTextSchema, {
                  kind: kindToProto[found.kind],
                  masked: found.masked,
                  region: create(AnnotationSchema, {
                    kind: AnnotationKind.BLUR,
                    fromSeconds: found.fromSeconds,
                    toSeconds: found.toSeconds,
                    x: found.x,
                    y: found.y,
                    width: found.width,
                    height: found.height,
                  }),
                }),
              ),
            };
          }
        } catch (error) {
          // A stream's errors pass the error interceptor before they happen: rule errors are mapped here.
          if (error instanceof AppError) throw new ConnectError(error.message, videoErrorCodes[error.kind]);
          throw error;
        }
      },
    });
  };
