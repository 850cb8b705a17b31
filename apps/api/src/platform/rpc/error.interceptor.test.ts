import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { VideoService } from '@stream/proto';
import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { createErrorInterceptor } from './error.interceptor';

/** A service whose handlers throw what `failure` gives, with only the error interceptor around it. */
function clientThrowing(failure: () => unknown, logged: unknown[]) {
  const log = { error: (details: unknown) => void logged.push(details) } as unknown as Logger;
  const transport = createRouterTransport(
    (router) =>
      router.service(VideoService, {
        getVideo: () => {
          throw failure();
        },
      }),
    { router: { interceptors: [createErrorInterceptor(log)] } },
  );
  return createClient(VideoService, transport);
}

describe('the error interceptor', () => {
  it.each([
    ['not_found', Code.NotFound],
    ['invalid_argument', Code.InvalidArgument],
    ['unauthenticated', Code.Unauthenticated],
  ] as const)('turns a AppError of kind %s into its code, with its message, in any service', async (kind, code) => {
    const logged: unknown[] = [];
    const error = await clientThrowing(() => new AppError(kind, 'the rule said no'), logged)
      .getVideo({ videoId: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code, rawMessage: 'the rule said no' });
    expect(logged).toEqual([]);
  });

  it('lets a ConnectError through as it is', async () => {
    const error = await clientThrowing(() => new ConnectError('too late', Code.DeadlineExceeded), [])
      .getVideo({ videoId: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: Code.DeadlineExceeded, rawMessage: 'too late' });
  });

  it('logs anything else with its cause and answers internal without details', async () => {
    const logged: unknown[] = [];
    const cause = new Error('connection to 10.0.0.7:5432 refused');
    const error = await clientThrowing(() => cause, logged)
      .getVideo({ videoId: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: Code.Internal, rawMessage: 'Internal error' });
    expect(logged).toEqual([{ err: cause, method: 'GetVideo' }]);
  });
});
