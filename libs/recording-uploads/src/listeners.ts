/** Who follows a state: `notify` tells each of them, `subscribe` adds one and returns its removal. */
export function listenerSet<S>() {
  const listeners = new Set<(state: S) => void>();
  return {
    notify(state: S) {
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener: (state: S) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
