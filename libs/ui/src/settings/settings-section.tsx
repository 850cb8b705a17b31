import type { InputHTMLAttributes, ReactNode } from 'react';

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

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'>;

/** A labelled text field of a settings form; `onChange` gets the text. */
export function SettingsInput({
  label,
  value,
  onChange,
  ...input
}: InputProps & { label: ReactNode; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1">
      <span>{label}</span>
      <input
        {...input}
        className="input input-bordered"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </label>
  );
}

/** A form's submit button on its own line, and what came of the submit under it. */
export function SubmitWithNotice({
  label,
  className = 'btn btn-sm',
  disabled,
  notice,
}: {
  label: string;
  className?: string;
  disabled?: boolean;
  notice: Parameters<typeof SaveNotice>[0];
}) {
  return (
    <>
      <div>
        <button type="submit" className={className} disabled={disabled}>
          {label}
        </button>
      </div>
      <SaveNotice {...notice} />
    </>
  );
}
