import { describe, expect, it, vi } from 'vitest';
import { DisposerStack, StackDisposedError, reportCleanupError } from './disposer-stack.ts';

function recording() {
  const ran: string[] = [];
  const reported: unknown[] = [];
  const stack = new DisposerStack((error) => reported.push(error));
  return { ran, reported, stack };
}

describe('DisposerStack', () => {
  it('runs the disposers newest first', () => {
    const { ran, stack } = recording();
    stack.defer(() => ran.push('screen'));
    expect(stack.adopt('camera', (name) => ran.push(name))).toBe('camera');
    stack.defer(() => ran.push('microphone'));
    stack.dispose();
    expect(ran).toEqual(['microphone', 'camera', 'screen']);
    expect(stack.disposed).toBe(true);
  });

  it('runs each disposer once however often it is disposed', () => {
    const { stack } = recording();
    const release = vi.fn();
    stack.defer(release);
    stack.dispose();
    stack.dispose();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('a disposer that throws is reported and the others still run', () => {
    const { ran, reported, stack } = recording();
    const broken = new Error('stop() threw');
    stack.defer(() => ran.push('first'));
    stack.defer(() => {
      throw broken;
    });
    stack.defer(() => ran.push('last'));
    expect(() => stack.dispose()).not.toThrow();
    expect(ran).toEqual(['last', 'first']);
    expect(reported).toEqual([broken]);
  });

  it("a disposer's rejected promise is reported, not awaited and not left unhandled", async () => {
    const { ran, reported, stack } = recording();
    const refused = new Error('close() rejected');
    stack.defer(() => ran.push('first'));
    stack.defer(() => Promise.reject(refused));
    stack.dispose();
    expect(ran).toEqual(['first']);
    await Promise.resolve();
    expect(reported).toEqual([refused]);
  });

  it('adopting null or undefined registers nothing', () => {
    const { stack } = recording();
    const release = vi.fn();
    expect(stack.adopt(null, release)).toBeNull();
    expect(stack.adopt(undefined, release)).toBeUndefined();
    stack.dispose();
    expect(release).not.toHaveBeenCalled();
  });

  describe('stale work (disposed while it waited)', () => {
    it('a resource arriving after dispose is released at once, and the work learns it is stale', () => {
      const { ran, stack } = recording();
      stack.defer(() => ran.push('screen'));
      stack.dispose(); // the page was left while the microphone prompt was open
      expect(() => stack.adopt('microphone', (name) => ran.push(name))).toThrow(StackDisposedError);
      expect(ran).toEqual(['screen', 'microphone']);
      stack.dispose();
      expect(ran).toEqual(['screen', 'microphone']);
    });

    it('check() throws once disposed, and nothing arriving (null) needs releasing', () => {
      const { stack } = recording();
      stack.check();
      stack.dispose();
      expect(() => stack.check()).toThrow(StackDisposedError);
      expect(() => stack.adopt(null, () => undefined)).toThrow(StackDisposedError);
    });
  });

  describe('move: ownership passes to the recording', () => {
    it('the new stack runs the disposers; the old one is spent and runs nothing', () => {
      const { ran, reported, stack } = recording();
      stack.defer(() => ran.push('screen'));
      stack.defer(() => ran.push('mix'));
      const owner = stack.move();
      stack.dispose();
      expect(ran).toEqual([]);
      expect(stack.disposed).toBe(true);
      expect(() => stack.check()).toThrow(StackDisposedError);
      owner.defer(() => {
        throw new Error('meter');
      });
      owner.dispose();
      expect(ran).toEqual(['mix', 'screen']);
      expect(reported).toEqual([new Error('meter')]); // the new stack reports where the old one did
    });

    it('a stack already disposed cannot be moved', () => {
      const { stack } = recording();
      stack.dispose();
      expect(() => stack.move()).toThrow(StackDisposedError);
    });
  });

  it("reports through the platform's reportError where there is one, else the console", () => {
    const error = new Error('cleanup');
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    try {
      reportCleanupError(error);
      expect(reportError).toHaveBeenCalledWith(error);
    } finally {
      vi.unstubAllGlobals();
    }
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      reportCleanupError(error);
      expect(consoleError).toHaveBeenCalledWith(error);
    } finally {
      consoleError.mockRestore();
    }
  });
});
