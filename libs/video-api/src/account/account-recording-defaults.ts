import type { Transport } from '@connectrpc/connect';
import type { QueryClient } from '@tanstack/react-query';
import { getAccountQuery } from './queries';

/** What a new recording starts with, as the account keeps it (/settings#defaults). */
export interface RecordingStart {
  camera: boolean;
  microphone: boolean;
  countdownSeconds: number;
}

/**
 * The account's recording defaults for /record's loader; undefined when the account cannot be read
 * (the page then starts with the browser's own settings rather than failing).
 */
export async function accountRecordingDefaults(
  queryClient: QueryClient,
  transport: Transport,
): Promise<RecordingStart | undefined> {
  try {
    const account = await queryClient.ensureQueryData(getAccountQuery(transport));
    const defaults = account.recordingDefaults;
    return defaults
      ? { camera: defaults.camera, microphone: defaults.microphone, countdownSeconds: defaults.countdownSeconds }
      : undefined;
  } catch {
    return undefined;
  }
}
