import type { ReactNode } from 'react';

/**
 * A 24×24 outline icon drawn in the text's colour; hidden from assistive technology, since the
 * control around it carries the name. Children are its paths and shapes.
 */
export function LineIcon({ className = 'h-5 w-5', children }: { className?: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {children}
    </svg>
  );
}
