import { useState } from 'react';

/**
 * An action a person started and waits on (Save, Retry): whether it runs, and the words of its
 * last failure. `run` resolves true when the action succeeded.
 */
export function usePendingAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run, clearError: () => setError(undefined) };
}
