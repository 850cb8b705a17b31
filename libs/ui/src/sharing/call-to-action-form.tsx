import { useId, useState, type FormEvent } from 'react';
import { FormError, type CallToActionView } from '../primitives';

export interface CallToActionFormProps {
  /** The one saved; undefined: none. */
  current?: CallToActionView;
  busy?: boolean;
  error?: string;
  onSave: (callToAction: CallToActionView) => void;
  onRemove: () => void;
}

/** The owner's button on the watch page: its label, its http(s) link, and when it shows. */
export function CallToActionForm({ current, busy = false, error, onSave, onRemove }: CallToActionFormProps) {
  const [label, setLabel] = useState(current?.label ?? '');
  const [url, setUrl] = useState(current?.url ?? '');
  const [placement, setPlacement] = useState<CallToActionView['placement']>(current?.placement ?? 'end');
  const ids = { label: useId(), url: useId(), placement: useId() };
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave({ label: label.trim(), url: url.trim(), placement });
  };
  return (
    <form aria-label="Call to action" onSubmit={save} className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">Call to action</h3>
      <label htmlFor={ids.label} className="text-sm">
        Button label
      </label>
      <input
        id={ids.label}
        className="input input-sm w-full"
        maxLength={60}
        placeholder="Book a call"
        value={label}
        onChange={(event) => setLabel(event.target.value)}
      />
      <label htmlFor={ids.url} className="text-sm">
        Button URL
      </label>
      <input
        id={ids.url}
        type="url"
        className="input input-sm w-full"
        placeholder="https://"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <label htmlFor={ids.placement} className="text-sm">
        Show the button
      </label>
      <select
        id={ids.placement}
        className="select select-sm w-48"
        value={placement}
        onChange={(event) => setPlacement(event.target.value as CallToActionView['placement'])}
      >
        <option value="end">At the end</option>
        <option value="throughout">Throughout</option>
      </select>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-sm" disabled={busy || !label.trim() || !url.trim()}>
          Save button
        </button>
        {current && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={busy}
            onClick={() => {
              setLabel('');
              setUrl('');
              onRemove();
            }}
          >
            Remove button
          </button>
        )}
      </div>
      <FormError message={error} />
    </form>
  );
}
