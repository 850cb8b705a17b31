import { ConnectError, type Code } from '@connectrpc/connect';

/** How an RPC ended: 'ok', or the Connect code and raw message it was refused with; anything else is thrown on. */
export async function failure(call: Promise<unknown>): Promise<{ code: Code | 'ok'; message: string }> {
  try {
    await call;
    return { code: 'ok', message: '' };
  } catch (error) {
    if (error instanceof ConnectError) return { code: error.code, message: error.rawMessage };
    throw error;
  }
}

/** The code alone: 'ok' or the Connect code the call was refused with. */
export const failureCode = async (call: Promise<unknown>): Promise<Code | 'ok'> => (await failure(call)).code;
