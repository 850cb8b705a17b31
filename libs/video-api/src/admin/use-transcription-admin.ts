import type { Transport } from '@connectrpc/connect';
import { callUnaryMethod } from '@connectrpc/connect-query';
import { AdminService, TranscriptionEngine } from '@stream/proto';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminErrorMessage } from './admin-error-message';
import { transcriptionSettingsQuery } from './queries';

export type TranscriptionEngineLabel = 'off' | 'builtin' | 'server';

const engineLabels: Record<number, TranscriptionEngineLabel> = {
  [TranscriptionEngine.OFF]: 'off',
  [TranscriptionEngine.BUILTIN]: 'builtin',
  [TranscriptionEngine.SERVER]: 'server',
};

/**
 * /admin's Transcription section as `@stream/ui`'s `TranscriptionSection` props: the engine this
 * server uses, and Test, which has it transcribe a short clip now and shows what came back.
 */
export function useTranscriptionAdmin(transport: Transport) {
  const settings = useQuery(transcriptionSettingsQuery(transport));
  const test = useMutation({
    mutationFn: () => callUnaryMethod(transport, AdminService.method.testTranscription, {}),
  });
  return {
    engine: settings.data ? (engineLabels[settings.data.engine] ?? 'off') : undefined,
    url: settings.data?.url ?? '',
    model: settings.data?.model ?? '',
    testing: test.isPending,
    result: test.data && {
      ok: test.data.ok,
      expectedText: test.data.expectedText,
      text: test.data.text,
      uncertainWords: test.data.uncertainWords,
      error: test.data.error,
      seconds: test.data.seconds,
    },
    error: test.error ? adminErrorMessage(test.error) : undefined,
    onTest: () => test.mutate(),
  };
}

export type TranscriptionAdmin = ReturnType<typeof useTranscriptionAdmin>;
