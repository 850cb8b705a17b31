import type { ReactNode } from 'react';

/** One part of /settings: a region named by its heading, whose id is the page's anchor (`#profile`). */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card bg-base-100 border border-base-300 scroll-mt-20">
      <div className="card-body gap-4">
        <h2 id={id} tabIndex={-1} className="card-title text-xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** What came of a save, read out as it changes. */
export function SaveNotice({ error, done, doneText = 'Saved' }: { error?: string; done?: boolean; doneText?: string }) {
  return (
    <p role="status" aria-live="polite" className={error ? 'text-error text-sm' : 'text-success text-sm'}>
      {error ?? (done ? doneText : '')}
    </p>
  );
}
