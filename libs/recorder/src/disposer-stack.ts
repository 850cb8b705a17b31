/**
 * Clean-ups registered as resources are acquired, run once, newest first: what the platform's
 * `DisposableStack` does, in the few lines this lib needs. The platform's is not usable here: WebKit
 * (WebKitGTK 2.50, Safari) keeps it behind JavaScriptCore's `useExplicitResourceManagement`, off by
 * default; Node 20, which runs the unit tests, has none; and TypeScript's `ES2023` lib has no types
 * for it. (Chromium has it from 134, Firefox from 141.)
 *
 * Two differences on purpose: a disposer that throws (or returns a promise that rejects) is reported
 * and the others still run, and `dispose()` never throws, because its callers are clean-up paths that
 * must go on to say what failed; and a resource registered on a stack that is already disposed is
 * released at once, and `StackDisposedError` thrown, so a capture that arrives after its start was
 * given up (the page was left while the picker was open) is never kept by nobody.
 */

/** Thrown by `defer`, `adopt` and `check` once the stack is disposed (or moved): the work it served is stale. */
export class StackDisposedError extends Error {
  constructor() {
    super('This work was given up: its resources are already released.');
    this.name = 'StackDisposedError';
  }
}

/** Where a failed clean-up goes: the platform's `reportError` (the console, the page's error event), else the console. */
export function reportCleanupError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else console.error(error);
}

export class DisposerStack {
  private disposers: Array<() => unknown> = [];
  private done = false;

  constructor(private readonly report: (error: unknown) => void = reportCleanupError) {}

  /** True once disposed or moved: nothing can be registered any more. */
  get disposed(): boolean {
    return this.done;
  }

  /** Run `disposer` when the stack is disposed, before everything registered earlier. */
  defer(disposer: () => unknown): void {
    if (this.done) {
      this.run(disposer);
      throw new StackDisposedError();
    }
    this.disposers.push(disposer);
  }

  /** Register `value`'s clean-up right after acquiring it; returns `value`. Null and undefined need none. */
  adopt<T>(value: T, dispose: (value: NonNullable<T>) => unknown): T {
    if (value === null || value === undefined) {
      this.check();
      return value;
    }
    this.defer(() => dispose(value));
    return value;
  }

  /** Throws `StackDisposedError` if the stack was disposed meanwhile (after an await that acquired nothing). */
  check(): void {
    if (this.done) throw new StackDisposedError();
  }

  /**
   * Run every disposer once, newest first; a failing one is reported and the rest still run. A
   * disposer's promise is not awaited (its rejection is reported). Later calls do nothing.
   */
  dispose(): void {
    if (this.done) return;
    this.done = true;
    const disposers = this.disposers;
    this.disposers = [];
    for (let index = disposers.length - 1; index >= 0; index -= 1) this.run(disposers[index]!);
  }

  /** Hand every disposer to a new stack (the owner from now on); this one is disposed without running them. */
  move(): DisposerStack {
    this.check();
    const next = new DisposerStack(this.report);
    next.disposers = this.disposers;
    this.disposers = [];
    this.done = true;
    return next;
  }

  private run(disposer: () => unknown): void {
    try {
      const result = disposer();
      if (isThenable(result)) result.then(undefined, (error: unknown) => this.report(error));
    } catch (error) {
      this.report(error);
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
