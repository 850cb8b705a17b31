/** A start-up check that failed: main prints its one-line message, without a stack, and exits 1. */
export class StartupError extends Error {}
