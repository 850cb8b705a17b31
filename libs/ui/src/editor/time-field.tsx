import { useState } from 'react';
import { formatTimecode, parseTimecode } from './timecode';

/**
 * A time typed as m:ss or m:ss.s. Shows the value it is given until edited; a time that does not
 * read, or is refused by `accept` (which answers why), is reported under the field and not applied.
 */
export function TimeField({
  label,
  seconds,
  onChange,
  accept,
}: {
  label: string;
  seconds: number;
  onChange: (seconds: number) => void;
  accept?: (seconds: number) => string | undefined;
}) {
  const [draft, setDraft] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const apply = () => {
    if (draft === undefined) return;
    const value = parseTimecode(draft);
    const refusal = value === undefined ? 'Use m:ss or m:ss.s, e.g. 1:05.5' : accept?.(value);
    setProblem(refusal);
    if (value === undefined || refusal) return;
    setDraft(undefined);
    onChange(value);
  };
  return (
    <label className="form-control flex w-32 flex-col gap-1">
      <span className="text-sm">{label}</span>
      <input
        className={`input input-sm font-mono ${problem ? 'input-error' : ''}`}
        value={draft ?? formatTimecode(seconds)}
        inputMode="decimal"
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      {problem && <span className="text-xs text-error">{problem}</span>}
    </label>
  );
}
