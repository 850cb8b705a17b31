// @vitest-environment happy-dom
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import {
  AnnotationKind,
  AnnotationSchema,
  FindSensitiveTextResponseSchema,
  SensitiveTextKind,
  SensitiveTextSchema,
  SensitiveTextService,
} from '@stream/proto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFindSensitiveText } from './use-find-sensitive-text';

const blur = create(AnnotationSchema, {
  kind: AnnotationKind.BLUR,
  fromSeconds: 1,
  toSeconds: 4,
  x: 4,
  y: 10,
  width: 30,
  height: 6,
});

describe('useFindSensitiveText', () => {
  it('follows the progress, then lists each suggestion with its blur, until accepted or dropped', async () => {
    const transport = createRouterTransport(({ service }) =>
      service(SensitiveTextService, {
        async *findSensitiveText(request) {
          expect(request.videoId).toBe('v1');
          yield create(FindSensitiveTextResponseSchema, { framesRead: 1, framesTotal: 2 });
          yield create(FindSensitiveTextResponseSchema, {
            framesRead: 2,
            framesTotal: 2,
            done: true,
            found: [
              create(SensitiveTextSchema, { kind: SensitiveTextKind.EMAIL, masked: 'j•••@example.com', region: blur }),
              create(SensitiveTextSchema, { kind: SensitiveTextKind.CARD_NUMBER, masked: '•••• 4242', region: blur }),
            ],
          });
        },
      }),
    );
    const { result } = renderHook(() => useFindSensitiveText(transport, 'v1'));
    act(() => result.current.onFind());
    await waitFor(() => expect(result.current.search).toEqual({ status: 'done' }));
    expect(result.current.suggestions.map((s) => [s.kind, s.masked, s.fromSeconds, s.toSeconds])).toEqual([
      ['email', 'j•••@example.com', 1, 4],
      ['card-number', '•••• 4242', 1, 4],
    ]);
    expect(result.current.suggestions[0]!.annotation).toMatchObject({ kind: 'blur', from: 1, to: 4 });
    act(() => result.current.onRemove(result.current.suggestions[0]!.id));
    expect(result.current.suggestions.map((s) => s.kind)).toEqual(['card-number']);
  });

  it('says why the server refused', async () => {
    const transport = createRouterTransport(({ service }) =>
      service(SensitiveTextService, {
        // eslint-disable-next-line require-yield
        async *findSensitiveText() {
          throw new ConnectError(
            'An edit is being applied: look for sensitive text once it is done',
            Code.FailedPrecondition,
          );
        },
      }),
    );
    const { result } = renderHook(() => useFindSensitiveText(transport, 'v1'));
    act(() => result.current.onFind());
    await waitFor(() => expect(result.current.search.status).toBe('failed'));
    expect(result.current.search).toMatchObject({ message: expect.stringContaining('An edit is being applied') });
  });
});
