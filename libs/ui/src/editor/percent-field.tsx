import { useState } from 'react';

/**
 * A place on the frame in percent (0-100), typed; applied on Enter or leaving the field. A value
 * that does not read, or that `accept` refuses (saying why), is reported under it and not applied.
 */
export function PercentField({
  label,
  value,
  onChange,
  accept,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  accept?: (value: number) => string | undefined;
}) {
  const [draft, setDraft] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const apply = () => {
    if (draft === undefined) return;
    const number = draft.trim() === '' ? Number.NaN : Number(draft);
    const refusal = Number.isFinite(number) ? accept?.(number) : 'Type a number of percent, e.g. 25';
    setProblem(refusal);
    if (refusal) return;
    setDraft(undefined);
    onChange(number);
  };
  return (
    <label className="flex w-24 flex-col gap-1">
      <span className="text-sm">{label}</span>
      <input
        className={`input input-sm ${problem ? 'input-error' : ''}`}
        type="number"
        step="any"
        value={draft ?? String(Math.round(value * 10) / 10)}
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
